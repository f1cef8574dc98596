import { expect, test, type Page } from '@playwright/test'
import { studentOwing } from './receipt-data.ts'
import { signInAs } from './session.ts'

// What this file tries needs the app's service worker (off by default: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/*
 * A receipt carries a QR code of its verification address; whoever holds the receipt opens it
 * on a phone without signing in and sees the institute, number, date, amount and status — the
 * server's answer of the moment, never a copy the service worker kept.
 */

/** Everything the browser complains about while the page loads and hydrates. */
function complaints(page: Page): string[] {
  const found: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') found.push(message.text())
  })
  page.on('pageerror', (error) => found.push(error.message))
  return found
}

test('a receipt’s QR code opens its verification, signed out, valid and then cancelled', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7)
  const { student } = await studentOwing(request, baseURL!, run)

  // The office takes the money at the counter and prints the receipt.
  const office = await browser.newContext()
  await signInAs(office, office.request, baseURL!, 'admin')
  const counter = await office.newPage()
  await counter.goto(`/payment-collection?studentId=${student.id}`)
  await expect(counter.getByTestId('counter-line')).toHaveCount(1)
  await counter.getByRole('button', { name: /Save and show the receipt/ }).click()
  const receipt = counter.getByTestId('receipt')
  // In the print settings' language, which another suite may have set.
  await expect(receipt.getByTestId('receipt-total')).toContainText(/9[.,]876[.,]543[.,]21/)
  const number = (await receipt.getByRole('heading', { name: /^Money receipt / }).innerText())
    .replace('Money receipt ', '')
    .trim()
  const code = /Verification code: ([A-Z2-9]{10})/.exec(await receipt.innerText())?.[1]
  expect(code).toBeDefined()
  // Under the server's PUBLIC_URL (127.0.0.1), not the office's own address (localhost).
  const address = `${baseURL!.replace('//localhost:', '//127.0.0.1:')}/receipt/verify/${code}`
  expect(address).not.toContain(baseURL!)
  const qr = receipt.getByRole('img', { name: `QR code: ${address}` })
  await expect(qr).toBeVisible()
  await expect(qr).toHaveAttribute('data-value', address)
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M \d+ \d+ h \d+/)
  await expect(receipt).toContainText(`Scan the QR code or open ${address} to check this receipt.`)

  // A guardian's phone: no session, nothing of the office's.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await phone.newPage()
  const problems = complaints(page)
  const response = await page.goto(address)
  // Rendered by the server: the facts are in the HTML before any script has run.
  expect(response!.status()).toBe(200)
  expect(await response!.text()).toContain(number)
  await expect(page.getByRole('heading', { name: 'Receipt verification', level: 1 })).toBeVisible()
  const verdict = page.getByTestId('receipt-verify-verdict')
  await expect(verdict).toHaveText(/issued by Demo School and College and is valid/)
  await expect(page.getByTestId('receipt-verify-number')).toHaveText(number)
  await expect(page.getByTestId('receipt-verify-amount')).toContainText('9,876,543.21')
  await expect(page.getByTestId('receipt-verify-status')).toHaveText('Valid')
  await expect(page.getByTestId('receipt-verification')).not.toContainText(`Payer ${run}`)
  await expect(page.getByTestId('receipt-verification')).not.toContainText(`Exam ${run}`)
  // Taken over at the first touch, as every public page is.
  await page.getByRole('heading', { level: 1 }).hover()
  await expect(page.locator('html[data-live]')).toHaveCount(1)
  // The worker takes the page over; it must not answer the next visit from a copy.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)

  // The office cancels the receipt: the phone's next look says so.
  await counter.getByRole('button', { name: 'Cancel receipt' }).click()
  const cancel = counter.getByRole('dialog', { name: /^Cancel receipt RCT-/ })
  await cancel.getByLabel(/Reason/).fill(`Paid twice ${run}`)
  await cancel.getByRole('button', { name: 'Cancel the receipt' }).click()
  await expect(receipt).toContainText('CANCELLED')
  await page.reload()
  await expect(page.getByTestId('receipt-verify-status')).toHaveText('Cancelled')
  await page.getByRole('heading', { level: 1 }).hover()
  await expect(page.locator('html[data-live]')).toHaveCount(1)
  await expect(verdict).toHaveText(/has since been cancelled/)
  await expect(page.getByTestId('receipt-verification')).not.toContainText(`Paid twice ${run}`)

  // Taken over without a hydration warning or a blocked script, twice.
  expect(problems).toEqual([])

  // Offline, it says it cannot ask rather than show what it saw before.
  await phone.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('receipt-verify-offline')).toBeVisible()
  // Back online, it asks again by itself.
  await phone.setOffline(false)
  await expect(page.getByTestId('receipt-verify-status')).toHaveText('Cancelled')

  // A code no receipt has, and the code typed in lower case.
  const unknown = await page.goto('/receipt/verify/ABCDEFGHJK')
  expect(unknown!.status()).toBe(404)
  await expect(page.getByTestId('receipt-not-found')).toContainText('No receipt has the code')
  await page.goto(`/receipt/verify/${code!.toLowerCase()}`)
  await expect(page.getByTestId('receipt-verify-number')).toHaveText(number)

  await phone.close()
  await office.close()
})
