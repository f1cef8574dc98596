import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { publishForm, submitApplication } from './admission-data.ts'
import { payInSandbox } from './sandbox-gateway.ts'
import { adminHeaders } from './session.ts'

/** A phone, as applicants pay. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

async function applicationWithFee(request: APIRequestContext, baseURL: string, run: string) {
  const { form } = await publishForm(request, baseURL, {
    title: `Online fee form ${run}`,
    fee: 50_000,
    attachments: [],
  })
  const { temporaryId, shortReference } = await submitApplication(
    request,
    baseURL,
    form.id,
    `Online ${run}`,
  )
  return {
    tracking: `/admission/demo-school/${form.id}/temporaryId/${temporaryId}`,
    shortReference,
  }
}

/** From the tracking page to the sandbox gateway's page, through the amount to pay. */
async function toGateway(page: Page) {
  await page.getByRole('link', { name: 'Pay online' }).click()
  await expect(page.getByTestId('online-payment-surcharge')).toContainText('7.50')
  await expect(page.getByTestId('online-payment-total')).toContainText('507.50')
  await page.getByRole('button', { name: /^Pay .*507\.50/ }).click()
  await expect(page.getByRole('heading', { name: 'Sandbox gateway' })).toBeVisible()
}

/** A new application with a fee, from its tracking page to the gateway: its tracking page. */
async function newApplicationAtGateway(page: Page, request: APIRequestContext, baseURL: string) {
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { tracking } = await applicationWithFee(request, baseURL, run)
  await page.goto(tracking)
  await toGateway(page)
  return tracking
}

test('an applicant pays online with a late, repeated notification: one receipt, and the fee paid', async ({
  page,
  request,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { tracking, shortReference } = await applicationWithFee(request, baseURL!, run)
  await page.goto(tracking)
  await toGateway(page)

  // The gateway's notification comes late, and twice.
  const number = await payInSandbox(page, { delayMs: 1500, copies: 2 })

  // The receipt verifies; the application says the fee is paid online with that receipt.
  await page.getByRole('link', { name: 'See the receipt' }).click()
  await expect(page.getByTestId('receipt-verify-number')).toHaveText(number)
  await page.goto(tracking)
  await expect(page.getByTestId('application-fee-paid')).toContainText(
    `paid online: receipt ${number}`,
  )
  await expect(page.getByRole('link', { name: 'Pay online' })).toHaveCount(0)

  // One payment in the books, however many notifications came.
  const headers = await adminHeaders(request, baseURL!)
  const listed = (await (
    await request.get(`${baseURL}/api/admission/applicants?q=${shortReference}`, { headers })
  ).json()) as { data: { id: string; status: string }[] }
  expect(listed.data).toHaveLength(1)
  expect(listed.data[0]!.status).toBe('fee_paid')
})

test('a failed payment leaves the fee due, and trying again pays it', async ({
  page,
  request,
  baseURL,
}) => {
  await newApplicationAtGateway(page, request, baseURL!)
  await page.getByRole('button', { name: 'Fail', exact: true }).click()
  await expect(page).toHaveURL(/\/payment\/failed\/demo-school/)
  await expect(page.getByTestId('payment-outcome-status')).toHaveAttribute(
    'data-status',
    'failed',
    {
      timeout: 20_000,
    },
  )
  await expect(page.getByTestId('payment-outcome-status')).toContainText('nothing was taken')

  await page.getByRole('link', { name: 'Back to your application' }).click()
  await expect(page.getByTestId('application-fee')).toBeVisible()
  await toGateway(page)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByTestId('payment-outcome-status')).toHaveAttribute(
    'data-status',
    'succeeded',
    { timeout: 20_000 },
  )
  await page.getByRole('link', { name: 'Back to your application' }).click()
  await expect(page.getByTestId('application-fee-paid')).toContainText('paid online')
})

test('a second tab is told a payment is already open, and goes on with that one', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const tracking = await newApplicationAtGateway(page, request, baseURL!)
  const firstPage = page.url()

  const second = await context.newPage()
  await second.goto(tracking)
  await second.getByRole('link', { name: 'Pay online' }).click()
  await second.getByRole('button', { name: /^Pay .*507\.50/ }).click()
  await expect(second.getByRole('alert')).toContainText('is not finished yet')
  await second.getByRole('link', { name: 'Go on with that payment' }).click()
  await expect(second).toHaveURL(firstPage)
  const number = await payInSandbox(second, { delayMs: 0, copies: 1 })
  await second.goto(tracking)
  await expect(second.getByTestId('application-fee-paid')).toContainText(
    `paid online: receipt ${number}`,
  )
})
