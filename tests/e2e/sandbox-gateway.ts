import { expect, type Page } from '@playwright/test'

/**
 * On the sandbox gateway's page: pays, its notification late (`delayMs`) and repeated
 * (`copies`), then waits on the return page for the verified outcome; answers the receipt's
 * number.
 */
export async function payInSandbox(page: Page, notification: { delayMs: number; copies: number }) {
  await expect(page.getByRole('heading', { name: 'Sandbox gateway' })).toBeVisible()
  await page.getByLabel('Delay (ms)').fill(String(notification.delayMs))
  await page.getByLabel('Copies').fill(String(notification.copies))
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/payment\/successful\/demo-school\?reference=OP/)
  const outcome = page.getByTestId('payment-outcome-status')
  await expect(outcome).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 })
  const number = (await page.getByTestId('payment-outcome-receipt').textContent())!
  expect(number).toMatch(/^RCT-/)
  return number
}
