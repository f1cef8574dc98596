import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { payInSandbox } from './sandbox-gateway.ts'
import { adminHeaders, signInAs } from './session.ts'
import { spawnServer } from './spawn-server.ts'

/** A phone, as guardians pay. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test('a guardian pays two invoices on the student invoice page: one receipt, once in the cashier’s day and the paid report', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { phone, children } = await familyWithDues(request, baseURL!, run, {
    secondInvoice: true,
  })
  const elder = children[0]!
  // The link an SMS or the institute's page gives: the student ID filled in.
  await page.goto(`/student/invoice?institute=demo-school&student=${elder.studentCode}`)
  await expect(page.getByRole('heading', { name: 'Pay school fees' })).toBeVisible()
  await expect(page.getByLabel('Student ID')).toHaveValue(elder.studentCode)

  // A wrong phone is refused without saying whether the student exists.
  await page.getByLabel('Guardian’s phone number').fill('01999 000 000')
  await page.getByRole('button', { name: 'Show the invoices' }).click()
  await expect(page.getByRole('alert')).toContainText('No student matches these details')
  await page.getByLabel('Guardian’s phone number').fill(phone)
  await page.getByRole('button', { name: 'Show the invoices' }).click()

  // Both open invoices, chosen: 1,000.00 of tuition with its 50.00 fine, and 200.00 of library.
  await expect(page.getByText(`Elder ${run}`)).toBeVisible()
  const invoices = page.getByRole('group', { name: 'Invoices to pay' }).getByRole('checkbox')
  await expect(invoices).toHaveCount(2)
  await expect(page.getByText(/with a fine of .*50\.00/)).toBeVisible()
  await expect(page.getByTestId('dues-total')).toContainText('1,268.75')
  await invoices.first().uncheck()
  await expect(page.getByTestId('dues-total')).not.toContainText('1,268.75')
  await invoices.first().check()
  await expect(page.getByTestId('dues-surcharge')).toContainText('18.75')
  await page.getByRole('button', { name: /^Pay .*1,268\.75/ }).click()

  // The sandbox gateway: the notification comes late, and twice.
  const number = await payInSandbox(page, { delayMs: 1000, copies: 2 })

  // Back on the invoice page, nothing is due any more.
  await page.getByRole('link', { name: 'Back to the invoices' }).click()
  await expect(page.getByLabel('Student ID')).toHaveValue(elder.studentCode)
  await page.getByLabel('Guardian’s phone number').fill(phone)
  await page.getByRole('button', { name: 'Show the invoices' }).click()
  await expect(page.getByText('Nothing is due for this student. Thank you.')).toBeVisible()

  // The office: one receipt in the paid report, the day's online money beside the drawer.
  const headers = await adminHeaders(request, baseURL!)
  const paid = (await (
    await request.get(`${baseURL}/api/reports/paid?q=${number}`, { headers })
  ).json()) as { data: { number: string; receivedMinor: number }[] }
  expect(paid.data).toEqual([expect.objectContaining({ number, receivedMinor: 125_000 })])
  const office = await browser.newContext()
  await signInAs(office, office.request, baseURL!, 'admin')
  const officePage = await office.newPage()
  await officePage.goto(`/paid-report?q=${number}`)
  await expect(officePage.getByRole('row').filter({ hasText: number })).toHaveCount(1)
  await expect(officePage.getByRole('row').filter({ hasText: number })).toContainText('Online')
  await officePage.goto('/payment-collection/day')
  await expect(officePage.getByTestId('day-online')).toContainText('Paid online the same day')
  await office.close()
})

test.describe('where the institute asks guardians for a code', () => {
  // A server of its own: the setting is the institute's, and the other specs pay without it.
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.beforeAll(async () => {
    server = await spawnServer({ PORT: '4341' })
  })
  test.afterAll(() => server.stop())

  test('the office turns the code on; the guardian sees the invoices only with the code from the SMS', async ({
    browser,
    page,
    request,
  }) => {
    test.slow()
    const base = server.url
    const run = Math.random().toString(36).slice(2, 6).toUpperCase()
    const { phone, children } = await familyWithDues(request, base, run)

    const office = await browser.newContext()
    await signInAs(office, office.request, base, 'admin')
    const officePage = await office.newPage()
    await officePage.goto(`${base}/fintech-institute-service`)
    const dues = officePage.getByRole('form', { name: 'Student dues' })
    await dues.getByLabel(/Guardians enter a code sent to their phone/).check()
    await dues.getByRole('button', { name: 'Save' }).click()
    await expect(
      officePage.getByRole('status').filter({ hasText: 'The service was saved.' }),
    ).toBeVisible()
    await office.close()

    // From the institute's public page.
    await page.goto(`${base}/admission/demo-school`)
    await page.getByRole('link', { name: 'Pay school fees' }).click()
    await expect(page.getByRole('heading', { name: 'Pay school fees' })).toBeVisible()
    await page.getByLabel('Student ID').fill(children[0]!.studentCode)
    await page.getByLabel('Guardian’s phone number').fill(phone)
    await page.getByRole('button', { name: 'Show the invoices' }).click()
    const ending = phone.slice(-3)
    await expect(page.getByText(`phone ending ••• ${ending}`)).toBeVisible()
    await expect(page.getByText(`Elder ${run}`)).toHaveCount(0)
    const line = await server.waitForLine(/^\[outbox\] sms to .*invoices is \d{6}\./)
    const code = /invoices is (\d{6})\./.exec(line)![1]!
    await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Show the invoices' }).click()
    await expect(page.getByText('The code is not correct.')).toBeVisible()
    await page.getByLabel('Code').fill(code)
    await page.getByRole('button', { name: 'Show the invoices' }).click()
    await expect(page.getByText(`Elder ${run}`)).toBeVisible()
    await expect(
      page.getByRole('group', { name: 'Invoices to pay' }).getByRole('checkbox'),
    ).toHaveCount(1)
  })
})
