import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { adminPage, banner, controlledByServiceWorker, unique } from './offline-support.ts'
import { adminHeaders } from './session.ts'

test.use({ serviceWorkers: 'allow' })

/*
 * A reviewer follows one student: finds them with the counter's search, reads the invoice, the
 * fine paid and the part payment with the balance after each, shows the statement for the
 * guardian in German and prints it alone, reads the ledger again with no network, and finds
 * it on the student's page.
 */
test('a reviewer reads a student’s ledger, prints the guardian’s statement in another language, and reads it again offline', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  const { children } = await familyWithDues(request, baseURL!, run)
  const elder = children[0]!.id
  const headers = await adminHeaders(request, baseURL!)
  const family = (await (
    await request.get(`${baseURL}/api/collection/families/${elder}`, { headers })
  ).json()) as {
    members: { studentId: string; lines: { lineId: string; fineMinor: number }[] }[]
  }
  const line = family.members.find((m) => m.studentId === elder)!.lines[0]!
  // 400.00 of the 1,000.00 tuition, with its 50.00 fine.
  const paid = await request.post(`${baseURL}/api/collection/payments`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      studentId: elder,
      allocations: [{ lineId: line.lineId, principalMinor: 40_000, fineMinor: line.fineMinor }],
      tenders: [{ method: 'cash', amountMinor: 40_000 + line.fineMinor }],
    },
  })
  expect(paid.status(), await paid.text()).toBe(201)
  const receipt = (await paid.json()) as { number: string }

  const { context, page } = await adminPage(browser, baseURL!)
  await page.goto('/student-ledger')
  await expect(page.getByRole('heading', { name: 'Student ledger', level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await controlledByServiceWorker(page)
  await page.getByRole('combobox', { name: 'Find a student' }).fill(`Elder ${run}`)
  await expect(page.getByRole('option', { name: new RegExp(`Elder ${run}`) })).toBeVisible()
  await page.getByRole('combobox', { name: 'Find a student' }).press('Enter')
  await expect(page).toHaveURL(new RegExp(`studentId=${elder}`))
  await expect(page.getByTestId('ledger-student')).toContainText(`Elder ${run}`)
  // From long before the invoice: it is in the period whenever the fiscal year began.
  await page.getByLabel('From', { exact: true }).fill('2000-01-01')
  await expect(page).toHaveURL(/from=2000-01-01/)

  const table = page.getByTestId('student-ledger-table').first()
  await expect(table.getByTestId('ledger-opening')).toContainText('0.00')
  await expect(table.locator('tr[data-kind="invoice"]')).toContainText('1,000.00')
  const fine = table.locator('tr[data-kind="fine"]')
  await expect(fine).toContainText(receipt.number)
  await expect(fine).toContainText('1,050.00')
  const payment = table.locator('tr[data-kind="payment"]')
  await expect(payment).toContainText('450.00')
  await expect(payment).toContainText('600.00')
  await expect(table.getByTestId('ledger-closing-balance')).toContainText('600.00')
  await expect(page.getByTestId('ledger-closing-total')).toContainText('600.00')
  await expect(page.getByTestId('ledger-agreement')).toHaveText(
    'Agrees with the ledger (the due report for this student)',
  )

  // The statement for the guardian, in German while the screen stays English.
  await page.getByRole('button', { name: 'Show the statement' }).click()
  const statement = page.getByTestId('guardian-statement')
  await expect(statement.getByRole('heading', { name: 'Statement of fees' })).toBeVisible()
  await expect(statement).toContainText(`Guardian ${run}`)
  await page.getByRole('combobox', { name: 'Statement language' }).selectOption('de')
  await expect(statement.getByRole('heading', { name: 'Gebührenauszug' })).toBeVisible()
  await expect(statement).toContainText('Erziehungsberechtigte(r)')
  await expect(statement).toContainText('Anfangssaldo')
  await expect(statement.getByTestId('statement-due')).toContainText('600,00')
  await expect(page.getByRole('heading', { name: 'Statement for the guardian' })).toBeVisible()
  // Printed, the statement stands alone under the institute's header.
  await page.emulateMedia({ media: 'print' })
  await expect(statement).toBeVisible()
  await expect(statement.getByTestId('print-header')).toBeVisible()
  await expect(page.getByTestId('ledger-totals')).toBeHidden()
  await page.emulateMedia({ media: 'screen' })
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes')
  })
  await page.getByRole('button', { name: 'Print the statement' }).click()
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes')

  // Offline: the ledger opens from the device, saying when it was read.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('ledger-closing-balance').first()).toContainText('600.00')
  await expect(banner(page)).toContainText(/Offline — shown as it was on .*\d{1,2}:\d{2}/)

  // The student's page shows the same ledger, with the way to the full one.
  await context.setOffline(false)
  await page.goto(`/students/${elder}`)
  const section = page.getByTestId('student-page-ledger')
  await expect(section).toContainText('Due now')
  await expect(section).toContainText('600.00')
  await section.getByRole('link', { name: 'Open the student ledger' }).click()
  await expect(page).toHaveURL(new RegExp(`/student-ledger\\?studentId=${elder}`))
  await expect(page.getByRole('heading', { name: 'Student ledger', level: 1 })).toBeVisible()
  await context.close()
})
