import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { signInAs } from './session.ts'

test('after principal and fine are paid at the counter, the student and the invoice owe nothing', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { children, period } = await familyWithDues(request, baseURL!, run)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  // The elder's overdue tuition and its fine of 50.00, the younger's left for another day.
  await page.goto(`/payment-collection?studentId=${children[0]!.id}`)
  await expect(page.getByTestId('counter-line')).toHaveCount(2)
  await page
    .getByRole('checkbox', { name: new RegExp(`Pay Tuition ${run}`) })
    .nth(1)
    .uncheck()
  await expect(page.getByTestId('selected-total')).toContainText('1,050.00')
  await page.getByRole('button', { name: /Save and show the receipt/ }).click()
  const receipt = page.getByTestId('receipt')
  await expect(receipt.getByTestId('receipt-total')).toContainText('1,050.00')

  // The student page: the invoice paid, its fine paid, nothing left of it and nothing due.
  await page.goto(`/students/${children[0]!.id}`)
  const invoices = page.getByRole('region', { name: 'Invoices' })
  await expect(invoices.getByTestId('total-due')).toHaveText(/^\D*0\.00$/)
  const row = invoices.getByRole('row').filter({ hasText: period.name })
  await expect(row).toContainText('Paid')
  await expect(row.getByRole('cell').last()).toHaveText(/^\D*0\.00$/)

  // The invoice itself: paid, nothing due on its lines.
  await row.getByRole('link', { name: /^INV-/ }).click()
  await expect(page.getByTestId('status')).toHaveText('Paid')
  await expect(page.getByTestId('invoice-due')).toHaveText(/^\D*0\.00$/)
  await context.close()
})
