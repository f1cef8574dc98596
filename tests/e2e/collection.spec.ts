import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { adminHeaders, signInAs, staffUser } from './session.ts'

test('a cashier takes one payment for two children with the keyboard alone, and prints the receipt', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { phone, children } = await familyWithDues(request, baseURL!, run)
  const cashier = {
    username: `cashier-${run.toLowerCase()}`,
    fullName: `Cashier ${run}`,
    role: 'cashier',
    password: `cashier-${run}-password`,
  }
  await staffUser(request, baseURL!, cashier)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, cashier.username, cashier.password)
  const page = await context.newPage()
  await page.goto('/payment-collection')
  await expect(page.getByRole('heading', { name: 'Counter collection', level: 1 })).toBeVisible()

  // The search box has the focus: the guardian's phone, as written on a form, and Enter.
  const search = page.getByRole('combobox', { name: 'Find a student' })
  await expect(search).toBeFocused()
  await page.keyboard.type(phone.replace('+880 ', '0'))
  await expect(page.getByRole('option', { name: new RegExp(`Elder ${run}`) })).toBeVisible()
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(2)
  await page.keyboard.press('Enter')

  // Both children with their overdue tuition and its fine, all ticked; the amount follows.
  await expect(page.getByRole('region', { name: `Elder ${run}` })).toBeVisible()
  await expect(page.getByRole('region', { name: `Younger ${run}` })).toBeVisible()
  await expect(page.getByTestId('counter-line')).toHaveCount(2)
  await expect(page.getByTestId('selected-total')).toContainText('2,100.00')
  const amount = page.getByLabel('Amount received')
  await expect(amount).toBeFocused()
  await expect(amount).toHaveValue('2100.00')

  // 2,200.00 received: the lines in full, 100.00 kept as the elder's advance.
  await page.keyboard.type('2200')
  await expect(page.getByLabel(/100\.00 more than the lines: keep as advance of/)).toHaveValue(
    children[0]!.id,
  )
  await expect(page.getByTestId('paying').first()).toContainText('1,050.00')
  // 1,000.00 of it by mobile money, the rest (1,200.00) in cash with change from 1,500.00.
  await page.getByRole('button', { name: 'Split: add a method' }).press('Enter')
  const mobile = page.getByTestId('tender').nth(1)
  await mobile.getByLabel('Method').selectOption('mobile')
  await mobile.getByLabel('Amount').fill('1000')
  await mobile.getByLabel('Transaction ID').fill(`TX${run}`)
  await expect(mobile.getByLabel('Provider')).toHaveValue('bKash')
  await expect(page.getByTestId('tender').first()).toContainText('1,200.00')
  await page.getByLabel('Cash handed over').fill('1500')
  await expect(page.getByTestId('change')).toContainText('300.00')
  await page.keyboard.press('Enter')

  // The receipt, with Print focused.
  const receipt = page.getByTestId('receipt')
  await expect(receipt.getByRole('heading', { name: /^Money receipt RCT-/ })).toBeVisible()
  await expect(receipt.getByTestId('receipt-total')).toContainText('2,200.00')
  await expect(receipt).toContainText('Two thousand two hundred and 00/100')
  await expect(receipt).toContainText('Kept as advance')
  await expect(receipt).toContainText(`Mobile financial service`)
  await expect(receipt).toContainText(`TX${run}`)
  await expect(receipt).toContainText(`Cashier ${run}`)
  await expect(receipt).toContainText(/Verification code: [A-Z2-9]{10}/)
  await expect(page.getByRole('button', { name: /Print receipt/ })).toBeFocused()
  await expect(receipt).not.toContainText('DUPLICATE')
  await page.keyboard.press('Alt+KeyP')
  await expect(page.getByRole('button', { name: /Print receipt/ })).toBeEnabled()
  await expect(receipt).not.toContainText('DUPLICATE')
  // A second print is a duplicate, marked with its time.
  await page.keyboard.press('Alt+KeyP')
  await expect(receipt).toContainText('DUPLICATE — printed again')
  // A cashier may not cancel receipts.
  await expect(page.getByRole('button', { name: 'Cancel receipt' })).toHaveCount(0)

  // Next payment: the search again, and the family owes nothing now.
  const receiptId = new URL(page.url()).searchParams.get('receiptId')!
  await page.keyboard.press('Alt+KeyN')
  await expect(search).toBeFocused()
  await page.keyboard.type(`Younger ${run}`)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: `Younger ${run}` })).toContainText('Nothing due.')
  await expect(page.getByRole('region', { name: `Elder ${run}` })).toContainText(
    /Pay with the advance \(\D*100\.00 available\)/,
  )

  // The office cancels the receipt: the dialog says what goes back for each tender, and keeps
  // the mobile-money reversal's reference; the receipt then says what is due again.
  const office = await browser.newContext()
  await signInAs(office, office.request, baseURL!, 'admin')
  const officePage = await office.newPage()
  await officePage.goto(`/payment-collection?receiptId=${receiptId}`)
  await officePage.getByRole('button', { name: 'Cancel receipt' }).click()
  const cancel = officePage.getByRole('dialog', { name: /^Cancel receipt RCT-/ })
  const handBack = cancel.getByTestId('cancel-hand-back')
  await expect(handBack).toContainText(/Return \D*1,200\.00 in cash from the drawer\./)
  await expect(handBack).toContainText(
    new RegExp(`Reverse \\D*1,000\\.00 with bKash \\(transaction TX${run}\\)\\.`),
  )
  await cancel.getByLabel(/Reversal reference of/).fill(`REV${run}`)
  await cancel.getByLabel(/Reason/).fill(`Wrong family ${run}`)
  await cancel.getByRole('button', { name: 'Cancel the receipt' }).click()
  await expect(cancel).toBeHidden()
  const cancelled = officePage.getByTestId('receipt')
  await expect(cancelled).toContainText('CANCELLED')
  await expect(cancelled).toContainText(`reversed REV${run}`)
  await expect(cancelled).toContainText(/Still due: \D*2,000\.00/)

  // The cashier's day: what was taken, the cancellation on a line of its own, the cash the
  // drawer should hold after it.
  await page.getByRole('link', { name: 'My day' }).click()
  await expect(page.getByRole('heading', { name: `Day of Cashier ${run}`, level: 1 })).toBeVisible()
  const cash = page.getByTestId('day-cash')
  await expect(cash).toContainText(/Cash taken\s*\D*1,200\.00/)
  await expect(page.getByTestId('day-cancellations')).toContainText(
    /Cancelled: 1 receipt of \D*2,200\.00, its cash handed back\s*-\D*1,200\.00/,
  )
  await expect(page.getByTestId('expected-cash')).toContainText(/\D0\.00/)

  // The day's receipts as a file: the cancelled one marked so, its amount a number.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = (await readFile((await (await download).path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
  expect(csv[0]).toBe('Receipt,Paid by,Amount,Status,Cancelled on')
  expect(csv.filter((line) => line.includes(',Cancelled,'))).toEqual([
    expect.stringMatching(/^RCT-[^,]+,"Elder \w+, Younger \w+",2200\.00,/),
  ])

  // Closing: a confirmation states expected, counted and the difference first.
  await page.getByLabel('Cash counted in the drawer').fill('5')
  await expect(page.getByText(/Difference: \D*5\.00/)).toBeVisible()
  await page.getByLabel('Taken to the bank').fill('5')
  await page.getByLabel('Bank account', { exact: true }).selectOption('Main bank account')
  await page.getByRole('button', { name: 'Close the day' }).click()
  const confirm = page.getByRole('dialog', { name: 'Close the day?' })
  await expect(confirm.getByTestId('close-confirm')).toContainText(
    /Expected in the drawer\s*\D*0\.00\s*Counted\s*\D*5\.00\s*Difference \(over\)\s*\D*5\.00/,
  )
  await confirm.getByRole('button', { name: 'Close the day' }).click()
  const closing = page.getByTestId('day-closing')
  await expect(
    closing.getByRole('heading', { name: new RegExp(`^Closed by Cashier ${run}, `) }),
  ).toBeVisible()
  await expect(closing).toContainText(/Counted \D*5\.00, difference \D*5\.00\./)
  await expect(closing).toContainText(/5\.00 taken to Main bank account \(\w+-\d{4}-\d{4}\)/)

  // Printed, the page is the day's summary: who and which day, without its buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByTestId('print-header')).toContainText(`Cashier ${run}`)
  await expect(page.getByTestId('day-cancellations')).toBeVisible()
  await expect(closing).toContainText('Counted')
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  // The counter says at once that the day is closed, and by whom: no search, no Save.
  await page.locator('#main-content').getByRole('link', { name: 'Counter collection' }).click()
  await expect(page.getByTestId('day-closed')).toContainText(
    `Your day is closed: Cashier ${run} closed it`,
  )
  await expect(search).toHaveCount(0)

  // Reopened by the office (its own right), with the reason: the counter takes money again.
  await officePage.goto('/payment-collection/day')
  await officePage.getByLabel('Cashier', { exact: true }).selectOption({ label: `Cashier ${run}` })
  await officePage.getByRole('button', { name: 'Reopen the day' }).click()
  const reopen = officePage.getByRole('dialog', { name: `Reopen the day of Cashier ${run}` })
  await reopen.getByLabel('Reason for reopening').fill(`Counted too early ${run}`)
  await reopen.getByRole('button', { name: 'Reopen the day' }).click()
  await expect(reopen).toBeHidden()
  await expect(officePage.getByText('Not closed yet.')).toBeVisible()
  await page.reload()
  await expect(search).toBeVisible()
  await expect(page.getByTestId('day-closed')).toHaveCount(0)
  await office.close()
  await context.close()
})

test('offline at the counter the family stays and nothing is taken; back online, Save takes it once', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { children } = await familyWithDues(request, baseURL!, run)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()
  await page.goto(`/payment-collection?studentId=${children[1]!.id}`)
  await expect(page.getByTestId('counter-line')).toHaveCount(2)

  // The elder's line is left for another day; a fine is waived with its reason.
  await page
    .getByRole('checkbox', { name: new RegExp(`Pay Tuition ${run}`) })
    .nth(1)
    .uncheck()
  const younger = page.getByRole('region', { name: `Younger ${run}` })
  await younger.getByRole('button', { name: 'Waive fine' }).click()
  const waive = page.getByRole('dialog', { name: `Waive the fine on Tuition ${run}` })
  await waive.getByRole('button', { name: 'Waive' }).click()
  await expect(waive.getByText('Give the reason for waiving the fine.')).toBeVisible()
  await waive.getByLabel('Reason').fill(`First late payment ${run}`)
  await waive.getByRole('button', { name: 'Waive' }).click()
  await expect(waive).toBeHidden()
  await expect(page.getByTestId('selected-total')).toContainText('1,000.00')

  await context.setOffline(true)
  await expect(page.getByText('You are offline.')).toBeVisible()
  await expect(younger).toContainText(`Tuition ${run}`)
  const save = page.getByRole('button', { name: /Save and show the receipt/ })
  await expect(save).toBeDisabled()
  await context.setOffline(false)
  await expect(save).toBeEnabled()
  await save.click()
  const receipt = page.getByTestId('receipt')
  await expect(receipt.getByTestId('receipt-total')).toContainText('1,000.00')
  await expect(receipt).toContainText(/Still due: \D*0\.00/)

  // The office cancels it (a bounced cheque, say): the line is due again.
  await page.getByRole('button', { name: 'Cancel receipt' }).click()
  const cancel = page.getByRole('dialog', { name: /^Cancel receipt RCT-/ })
  await cancel.getByLabel(/Reason/).fill(`Cheque bounced ${run}`)
  await cancel.getByRole('button', { name: 'Cancel the receipt' }).click()
  await expect(cancel).toBeHidden()
  await expect(receipt).toContainText('CANCELLED')
  await page.goto(`/payment-collection?studentId=${children[1]!.id}`)
  await expect(page.getByTestId('counter-line')).toHaveCount(2)
  await context.close()
})

test('a payment sent without an answer survives a reload and another family opened, and Save takes it once', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { children } = await familyWithDues(request, baseURL!, run)
  await familyWithDues(request, baseURL!, `${run}X`)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()
  await page.goto(`/payment-collection?studentId=${children[0]!.id}`)
  await expect(page.getByTestId('counter-line')).toHaveCount(2)
  // The elder's line only, 1,000.00 of it in cash.
  await page
    .getByRole('checkbox', { name: new RegExp(`Pay Tuition ${run}`) })
    .nth(1)
    .uncheck()

  // The payment reaches the server, but its answer is lost on the way back.
  await page.route('**/api/collection/payments', async (route) => {
    await route.fetch()
    await route.abort('timedout')
  })
  await page.getByRole('button', { name: /Save and show the receipt/ }).click()
  const unanswered = page.getByText('The payment was sent but no answer came.')
  await expect(unanswered).toBeVisible()
  await page.unroute('**/api/collection/payments')

  // Another family opened meanwhile asks first, then goes; the reload keeps the payment too.
  await page.getByRole('combobox', { name: 'Find a student' }).fill(`Elder ${run}X`)
  await page.getByRole('option', { name: new RegExp(`Elder ${run}X`) }).click()
  await page
    .getByRole('alertdialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard' })
    .click()
  await expect(page.getByRole('region', { name: `Elder ${run}X` })).toBeVisible()
  await page.goto(`/payment-collection?studentId=${children[1]!.id}`)
  await page.reload()
  await expect(unanswered).toBeVisible()

  // Save again: the receipt the server took the first time, not a second payment.
  await page.getByRole('button', { name: /Save and show the receipt/ }).click()
  const receipt = page.getByTestId('receipt')
  await expect(receipt.getByTestId('receipt-total')).toContainText('1,050.00')
  const headers = await adminHeaders(request, baseURL!)
  const family = await request.get(`${baseURL}/api/collection/families/${children[0]!.id}`, {
    headers,
  })
  const lines = ((await family.json()) as { members: { lines: unknown[] }[] }).members.flatMap(
    (m) => m.lines,
  )
  // The younger's line is still open: the elder's was paid once.
  expect(lines).toHaveLength(1)
  await context.close()
})
