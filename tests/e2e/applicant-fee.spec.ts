import { expect, test } from '@playwright/test'
import { publishForm, submitApplication } from './admission-data.ts'
import { adminHeaders, signInAs, staffUser } from './session.ts'

test('an applicant’s fee is taken at the counter by the short reference, and the tracking page says it is paid', async ({
  browser,
  request,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { form } = await publishForm(request, baseURL!, {
    title: `Fee form ${run}`,
    fee: 75_000,
    attachments: [],
  })
  const { temporaryId, shortReference } = await submitApplication(
    request,
    baseURL!,
    form.id,
    `Applicant ${run}`,
  )
  const cashier = {
    username: `fee-cashier-${run.toLowerCase()}`,
    fullName: `Fee Cashier ${run}`,
    role: 'cashier',
    password: `fee-cashier-${run}-password`,
  }
  await staffUser(request, baseURL!, cashier)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, cashier.username, cashier.password)
  const page = await context.newPage()
  await page.goto('/payment-collection')

  // The reference as the applicant reads it out, in lower case: found as an applicant.
  const search = page.getByRole('combobox', { name: 'Find a student' })
  await expect(search).toBeFocused()
  await page.keyboard.type(shortReference.toLowerCase())
  const option = page.getByRole('option', { name: new RegExp(`Applicant ${run}`) })
  await expect(option).toContainText(`Applicant · Fee form ${run} · application fee`)
  await expect(option).toContainText('750.00')
  await page.keyboard.press('Enter')

  // The fee in cash, with Enter: a numbered receipt naming the applicant.
  const panel = page.getByRole('form', { name: 'Application fee' })
  await expect(panel.getByTestId('application-fee-amount')).toContainText('750.00')
  await panel.getByLabel('Cash handed over').fill('1000')
  await expect(panel.getByTestId('change')).toContainText('250.00')
  await page.keyboard.press('Enter')
  const receipt = page.getByTestId('receipt')
  const title = receipt.getByRole('heading', { name: /^Money receipt RCT-/ })
  await expect(title).toBeVisible()
  await expect(receipt).toContainText(`Applicant Applicant ${run} (${shortReference})`)
  await expect(receipt).toContainText(`Application fee · Fee form ${run}`)
  await expect(receipt.getByTestId('receipt-total')).toContainText('750.00')
  const number = (await title.textContent())!.replace('Money receipt ', '')

  // Offline, the search says it needs the network instead of showing nothing.
  await page.keyboard.press('Alt+KeyN')
  await expect(search).toBeFocused()
  await context.setOffline(true)
  await page.keyboard.type('Applicant')
  await expect(page.getByText('Search needs the network')).toBeVisible()
  await context.setOffline(false)
  await context.close()

  // The applicant's tracking page: paid, with the receipt's number, no longer "pay at the counter".
  const applicant = await browser.newPage()
  await applicant.goto(`${baseURL}/admission/demo-school/${form.id}/temporaryId/${temporaryId}`)
  await expect(applicant.getByTestId('application-fee-paid')).toContainText(`receipt ${number}`)
  await expect(applicant.getByTestId('application-fee')).toHaveCount(0)
  await applicant.close()

  // Staff read the short reference the applicant was told, and how the fee was paid.
  const headers = await adminHeaders(request, baseURL!)
  const listed = (await (
    await request.get(`${baseURL}/api/admission/applicants?q=${shortReference}`, { headers })
  ).json()) as { data: { id: string }[] }
  const office = await browser.newContext()
  await signInAs(office, office.request, baseURL!, 'admin')
  const staffPage = await office.newPage()
  await staffPage.goto(`/admission-applicants/${listed.data[0]!.id}`)
  await expect(staffPage.getByTestId('short-reference')).toHaveText(shortReference)
  await expect(staffPage.getByTestId('fee-payment')).toContainText(`receipt ${number}`)
  await office.close()
})
