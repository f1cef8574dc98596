import { expect, test } from '@playwright/test'
import { signInAs, staffUser } from './session.ts'

test('a day closed with a large cash difference waits, with its reason, until a supervisor approves it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const cashier = {
    username: `drawer-${run.toLowerCase()}`,
    fullName: `Drawer ${run}`,
    role: 'cashier',
    password: `drawer-${run}-password`,
  }
  await staffUser(request, baseURL!, cashier)

  // The cashier took nothing today but counts 2,500.00: over the institute's 1,000.00.
  const own = await browser.newContext()
  await signInAs(own, own.request, baseURL!, cashier.username, cashier.password)
  const page = await own.newPage()
  await page.goto('/payment-collection/day')
  await expect(page.getByRole('heading', { name: `Day of Drawer ${run}`, level: 1 })).toBeVisible()
  await page.getByLabel('Cash counted in the drawer').fill('2500')
  await expect(
    page.getByText(/Difference: \D*2,500\.00, posted to cash over and short once a second user/),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Close the day' }).click()
  const confirm = page.getByRole('dialog', { name: 'Close the day?' })
  await expect(confirm.getByTestId('close-confirm')).toContainText(
    /Difference \(over\)\s*\D*2,500\.00/,
  )
  await confirm.getByRole('button', { name: 'Close the day' }).click()
  // No reason, no closing: the server asks for it on its field.
  await expect(page.getByText(/give the reason; another user approves it/)).toBeVisible()
  await page.getByLabel('Reason for the difference').fill('Float left in the drawer')
  await page.getByRole('button', { name: 'Close the day' }).click()
  await confirm.getByRole('button', { name: 'Close the day' }).click()
  const closing = page.getByTestId('day-closing')
  await expect(closing).toContainText(/Counted \D*2,500\.00, difference \D*2,500\.00\./)
  await expect(closing).toContainText('Reason for the difference: Float left in the drawer')
  await expect(page.getByTestId('difference-pending')).toBeVisible()
  await expect(closing).not.toContainText('posted to cash over and short')
  // The cashier cannot approve their own day.
  await expect(page.getByRole('button', { name: 'Approve the difference' })).toHaveCount(0)
  await own.close()

  // A supervisor finds it among the differences waiting, and approves it.
  const supervisor = await browser.newContext()
  await signInAs(supervisor, supervisor.request, baseURL!, 'admin')
  const review = await supervisor.newPage()
  await review.goto('/payment-collection/day')
  await review
    .getByTestId('day-pending')
    .getByRole('button', { name: new RegExp(`Drawer ${run}, .*2,500\\.00`) })
    .click()
  await expect(
    review.getByRole('heading', { name: `Day of Drawer ${run}`, level: 1 }),
  ).toBeVisible()
  await review.getByRole('button', { name: 'Approve the difference' }).click()
  const approved = review.getByTestId('day-closing')
  await expect(approved).toContainText(
    /The difference was posted to cash over and short \(\w+-\d{4}-\d{4}\)\./,
  )
  await expect(approved).toContainText(/Approved by .+/)
  await expect(review.getByTestId('difference-pending')).toHaveCount(0)
  await expect(review.getByRole('button', { name: 'Approve the difference' })).toHaveCount(0)
  await supervisor.close()
})
