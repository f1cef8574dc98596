import { expect, test } from '@playwright/test'
import { publishForm, submitApplication } from './admission-data.ts'
import { signInAs } from './session.ts'

test('the office sets up a gateway merchant for a campus’s dues, finds an online payment in the list, sees the platform’s share and refunds it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7).toUpperCase()
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  // The gateways and what each can do.
  await page.goto('/fintech-service-provider')
  const sslcommerz = page.getByRole('row').filter({ hasText: 'SSLCommerz' })
  await expect(sslcommerz.getByRole('cell').first()).toHaveText('Yes')
  await expect(page.getByRole('row').filter({ hasText: 'Sandbox' })).toContainText(
    'Test payments only',
  )

  // A merchant account: its password is taken, and never shown again.
  await page.goto('/fintech-merchant')
  await page.getByRole('button', { name: 'New merchant' }).click()
  await page.getByLabel('Gateway').selectOption({ label: 'SSLCommerz' })
  await page.getByLabel('Store ID').fill(`north${run.toLowerCase()}`)
  await page.getByRole('button', { name: 'Save merchant' }).click()
  await expect(page.getByText('Give the merchant account a name')).toBeVisible()
  await expect(page.getByText('Give the store password or secret key')).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill(`North campus ${run}`)
  await page.getByLabel('Store password').fill(`store-secret-${run}`)
  await page.getByRole('button', { name: 'Save merchant' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The merchant was saved.' }),
  ).toBeVisible()
  const merchant = page.getByRole('row').filter({ hasText: `North campus ${run}` })
  await expect(merchant).toContainText('SSLCommerz')
  await expect(merchant).toContainText('Set')
  expect(await page.content()).not.toContain(`store-secret-${run}`)
  await merchant.getByRole('button', { name: `Edit North campus ${run}` }).click()
  await expect(page.getByLabel('Store password')).toHaveValue('')
  await expect(page.getByText('A password is set: leave this empty to keep it.')).toBeVisible()

  // The bank it settles to.
  await page.goto('/merchant-settlement-account')
  const account = page.getByLabel(`Bank account of North campus ${run}`, { exact: true })
  const bank = (await account.locator('option').nth(1).textContent())!
  await account.selectOption({ label: bank })
  await page.getByRole('button', { name: `Save the bank account of North campus ${run}` }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The settlement account was saved.' }),
  ).toBeVisible()
  await page.reload()
  await expect(account).toHaveValue(bank)

  // The gateway's payout, as the bank statement shows it: once.
  const payout = page.getByRole('form', { name: 'Record a payout' })
  await payout.getByLabel('Merchant').selectOption({ label: `North campus ${run}` })
  await payout.getByLabel('Paid out on').fill('2026-12-01')
  await payout.getByLabel('Bank statement reference').fill(`STMT-${run}`)
  await payout.getByLabel('Settled by the gateway').fill('100')
  await payout.getByLabel('Kept as its charge').fill('200')
  await payout.getByRole('button', { name: 'Record the payout' }).click()
  await expect(
    payout.getByText('The gateway’s charge cannot be more than what it settled.'),
  ).toBeVisible()
  await payout.getByLabel('Kept as its charge').fill('2')
  await payout.getByRole('button', { name: 'Record the payout' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The payout was recorded.' }),
  ).toBeVisible()
  await expect(page.getByTestId('payouts')).toContainText(
    new RegExp(
      `North campus ${run} paid out .*100\\.00, of which the gateway kept .*2\\.00 \\(STMT-${run}\\)`,
    ),
  )
  await expect(
    page
      .getByTestId('payouts-by-merchant')
      .getByRole('row')
      .filter({ hasText: `North campus ${run}` }),
  ).toContainText('100.00')
  await payout.getByLabel('Merchant').selectOption({ label: `North campus ${run}` })
  await payout.getByLabel('Paid out on').fill('2026-12-01')
  await payout.getByLabel('Bank statement reference').fill(`STMT-${run}`)
  await payout.getByLabel('Settled by the gateway').fill('100')
  await payout.getByRole('button', { name: 'Record the payout' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'A payout with this reference is already recorded' }),
  ).toBeVisible()

  // Dues offered online, the payer bearing the charge, the platform taking 1 % (as the demo
  // has them: the student invoice spec pays dues meanwhile).
  await page.goto('/fintech-institute-service')
  const dues = page.getByRole('form', { name: 'Student dues' })
  await dues.getByLabel('Offered online').check()
  await dues.getByLabel('Who bears the gateway’s charge').selectOption('payer')
  await dues.getByLabel('Platform’s share (%)').fill('1.5x')
  await expect(dues.getByText('Type a percentage with at most two decimals')).toBeVisible()
  await dues.getByLabel('Platform’s share (%)').fill('1')
  await expect(
    dues.getByText(/On a payment of .*1,000\.00.*the platform’s share .*10\.00/),
  ).toBeVisible()
  await dues.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The service was saved.' })).toBeVisible()

  // The merchant collects the dues of the last campus (the families the other specs pay for
  // study at the first).
  await page.goto('/institute-campus-merchant-service')
  const choice = page.getByLabel(/^Merchant collecting Student dues for /).last()
  const campus = (await choice.getAttribute('aria-label'))!.replace(
    'Merchant collecting Student dues for ',
    '',
  )
  await choice.selectOption({ label: `North campus ${run}` })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The campus merchants were saved.' }),
  ).toBeVisible()

  // The overview shows it under its gateway, and an applicant's payment is in the list.
  const { form } = await publishForm(request, baseURL!, {
    title: `Setup fee form ${run}`,
    fee: 20_000,
    attachments: [],
  })
  const { temporaryId } = await submitApplication(request, baseURL!, form.id, `Payer ${run}`)
  const started = await request.post(`${baseURL}/api/payments/public/demo-school/intents`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: { purpose: 'admission_fee', temporaryId },
  })
  expect(started.status()).toBe(201)
  const { reference, redirectUrl } = (await started.json()) as {
    reference: string
    redirectUrl: string
  }

  await page.goto('/fintech')
  const row = page.getByRole('row').filter({ hasText: `North campus ${run}` })
  await expect(row).toContainText(`Student dues · ${campus}`)
  await page.getByRole('searchbox', { name: /Search by reference/ }).fill(reference)
  await page.keyboard.press('Enter')
  const payment = page.getByRole('row').filter({ hasText: reference })
  await expect(payment).toContainText(`Payer ${run}`)
  await expect(payment).toContainText('At the gateway')
  await expect(page).toHaveURL(new RegExp(`q=${reference}`))

  // Paid at the gateway: the platform's 1 % of it is in the franchise revenue, in every
  // institute's report for the platform's administrator.
  const paid = await request.post(redirectUrl, { form: { outcome: 'pay' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  // The list shows what the server had when it was read: read again until the gateway's
  // notification has settled it.
  await expect(async () => {
    await page.reload()
    await expect(payment).toContainText('Paid', { timeout: 1_000 })
  }).toPass()
  await page.goto('/franchise-revenue')
  await expect(page.getByRole('heading', { name: 'Franchise revenue' })).toBeVisible()
  const revenue = page
    .getByTestId('franchise-revenue')
    .getByRole('row')
    .filter({ hasText: 'Demo School' })
    .filter({ hasText: 'Admission fee' })
  await expect(revenue).toBeVisible()
  await expect(page.getByTestId('franchise-revenue-total')).toContainText(/\d/)
  await page.getByLabel('From', { exact: true }).fill('2001-01-01')
  await page.getByLabel('To', { exact: true }).fill('2001-01-31')
  await expect(page.getByText('No online payments were posted in this period.')).toBeVisible()

  // Refunded with its reason: the gateway gives it back and the list says so.
  await page.goto(`/fintech?q=${reference}`)
  await payment.getByRole('button', { name: `Refund ${reference}` }).click()
  const dialog = page.getByRole('dialog', { name: `Refund ${reference}` })
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(dialog.getByText('Say why the payment is refunded')).toBeVisible()
  await dialog.getByLabel('Reason for the refund').fill('Applied twice by mistake')
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The payment was refunded.' }),
  ).toBeVisible()
  await expect(payment).toContainText('Refunded')
  await expect(payment.getByRole('button', { name: `Refund ${reference}` })).toHaveCount(0)
  await context.close()
})
