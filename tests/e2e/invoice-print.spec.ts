import { expect, test } from '@playwright/test'
import { invoiceAClass } from './invoice-data.ts'
import { paidReceipt } from './receipt-data.ts'
import { adminHeaders, signInAs } from './session.ts'

// The settings are the institute's, which the other suites print with too (receipts in the
// print language, on its paper): put back as they were.
test.afterEach(async ({ request, baseURL }) => {
  const headers = await adminHeaders(request, baseURL!)
  const url = `${baseURL}/api/fees/invoice-print-settings`
  const { footerText, shownFields, shownColumns, copies, signatureLabels } = (await (
    await request.get(url, { headers })
  ).json()) as Record<string, unknown>
  const put = await request.put(url, {
    headers,
    data: {
      footerText,
      shownFields,
      shownColumns,
      copies,
      signatureLabels,
      paper: 'a4',
      language: null,
    },
  })
  expect(put.ok(), await put.text()).toBe(true)
})

test('the office sets how invoices print, sees it on the sample and prints a class in German', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7)
  const footer = `Zahlbar an der Kasse ${run}`
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  await page.goto('/invoice-print-settings')
  await expect(page.getByRole('heading', { name: 'Invoice printing', level: 1 })).toBeVisible()
  const preview = page.getByRole('region', { name: 'Preview' })
  const sheet = preview.getByTestId('invoice-sheet')
  await expect(sheet).toBeVisible()

  // A5, three copies, a footer and German: the preview follows each change.
  await page.getByLabel('Paper', { exact: true }).selectOption('a5')
  await expect(sheet).toHaveAttribute('data-paper', 'a5')
  await page.getByRole('checkbox', { name: 'Student copy' }).check()
  await page.getByRole('checkbox', { name: 'Office copy' }).check()
  await page.getByRole('checkbox', { name: 'Bank copy' }).check()
  await expect(sheet.locator('.invoice-copy')).toHaveCount(3)
  // Every copy's lines fit its width, on A5 (one under the other) as on A4 (side by side).
  const overflowing = () =>
    sheet
      .locator('.invoice-copy')
      .evaluateAll((copies) => copies.filter((c) => c.scrollWidth > c.clientWidth + 1).length)
  expect(await overflowing()).toBe(0)
  await page.getByLabel('Paper', { exact: true }).selectOption('a4')
  await expect(sheet).toHaveAttribute('data-copies', 'side-by-side')
  expect(await overflowing()).toBe(0)
  await page.getByLabel('Paper', { exact: true }).selectOption('a5')
  await expect(sheet).toHaveAttribute('data-copies', 'stacked')
  await page.getByLabel('Footer text').fill(footer)
  await expect(sheet.getByText(footer)).toHaveCount(3)
  await page.getByLabel('Language of the printed invoices').selectOption('de')
  await expect(sheet.getByText('Bankexemplar')).toBeVisible()
  await expect(sheet.getByText('Schülerexemplar')).toBeVisible()
  await expect(sheet.getByTestId('invoice-words').first()).toContainText('In Worten:')
  // The screen itself stays in English.
  await expect(page.getByRole('heading', { name: 'Invoice printing', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The print settings were saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Paper', { exact: true })).toHaveValue('a5')
  await expect(page.getByLabel('Footer text')).toHaveValue(footer)
  await expect(page.getByLabel('Language of the printed invoices')).toHaveValue('de')
  await expect(page.getByRole('checkbox', { name: 'Bank copy' })).toBeChecked()

  // A class invoiced through the API, printed at once: a section per student, in German.
  const scope = await invoiceAClass(request, baseURL!, run)
  expect(scope.invoices).toBeGreaterThan(1)
  await page.goto(`/invoice-prints?academicSessionId=${scope.sessionId}&classId=${scope.classId}`)
  await expect(page.getByRole('heading', { name: 'Print invoices', level: 1 })).toBeVisible()
  // One period of the session, chosen beside the class; sections narrow it further.
  await expect(page.getByLabel('Section', { exact: true })).toHaveValue('')
  await page.getByLabel('Period', { exact: true }).selectOption(scope.periodId)
  await expect(page).toHaveURL(new RegExp(`periodId=${scope.periodId}`))
  const students = page.getByTestId('invoice-student')
  await expect(students).toHaveCount(scope.invoices)
  const first = students.first()
  await expect(first.getByText('Bankexemplar')).toBeVisible()
  await expect(first.getByText('Büroexemplar')).toBeVisible()
  await expect(first.getByText(footer)).toHaveCount(3)
  await expect(first.getByText(/^Rechnung INV-/).first()).toBeVisible()
  await expect(first.getByText(`Print fee ${run}`).first()).toBeVisible()

  await page.emulateMedia({ media: 'print' })
  await expect(first).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden()
  await expect(page.getByLabel('Class', { exact: true })).toBeHidden()
  // Each student starts a new sheet of A5 (the copies one under the other), with no browser margins for its header or footer.
  const layout = await first.evaluate((section) => {
    const sheet = section.querySelector('.invoice-sheet')!
    return {
      breakAfter: getComputedStyle(section).breakAfter,
      page: getComputedStyle(sheet).getPropertyValue('page'),
    }
  })
  expect(layout).toEqual({ breakAfter: 'page', page: 'a5-portrait' })
  await page.emulateMedia({ media: 'screen' })
  await context.close()
})

// Here, not among the flows: the receipt copies are the demo institute's, every receipt has them.
test('a counter prints receipts on its own 58 mm roll, the guardian’s and the office’s copy on one run', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const headers = await adminHeaders(request, baseURL!)
  const copies = (receiptCopies: string) =>
    request.put(`${baseURL}/api/collection/counter-settings`, {
      headers,
      data: { mobileProviders: ['bKash', 'Nagad', 'Rocket'], receiptCopies },
    })
  expect((await copies('both')).status()).toBe(200)
  try {
    const run = Math.random().toString(36).slice(2, 6)
    const receipt = await paidReceipt(request, baseURL!, run)
    const context = await browser.newContext()
    await signInAs(context, context.request, baseURL!, 'admin')
    const page = await context.newPage()
    // The counter's own printer, chosen in the print settings (kept on this device).
    await page.goto('/invoice-print-settings')
    await page.getByLabel('Receipt paper on this device').selectOption('thermal58')
    await page.goto(`/payment-collection?receiptId=${receipt.id}`)
    const slips = page.getByTestId('receipt')
    await expect(slips).toHaveCount(2)
    await expect(slips.nth(0)).toContainText('Guardian’s copy')
    await expect(slips.nth(1)).toContainText('Office copy')
    await expect(slips.nth(1)).toContainText(receipt.number)
    // On paper, each slip is the roll's 58 mm (219 CSS px) wide, its QR code within it, each of
    // the code's modules at least 1.5 px (0.4 mm: 3 dots of a 203 dpi head; phones read 0.25 mm).
    await page.emulateMedia({ media: 'print' })
    const sheet = await slips.first().evaluate((el) => el.getBoundingClientRect().width)
    expect(sheet).toBeCloseTo((58 * 96) / 25.4, 0)
    const qr = await slips
      .first()
      .getByTestId('qr-code')
      .evaluate((el) => ({
        width: el.getBoundingClientRect().width,
        modules: Number(el.getAttribute('viewBox')!.split(' ')[2]),
      }))
    expect(qr.width).toBeLessThan(sheet)
    expect(qr.width / qr.modules).toBeGreaterThanOrEqual(1.5)
    await context.close()
  } finally {
    await copies('guardian')
  }
})
