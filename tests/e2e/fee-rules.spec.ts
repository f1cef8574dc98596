import { PDFDocument } from '@cantoo/pdf-lib'
import { expect, test } from '@playwright/test'
import { adminHeaders, signInAs, staffUser } from './session.ts'

/** A one-page PDF, as a scanned sibling certificate would be. */
async function certificatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage([300, 200])
  return Buffer.from(await doc.save())
}

test('the office sees VAT rounding, previews a fine rule and has a sibling concession approved by another user', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7)
  const headers = await adminHeaders(request, baseURL!)
  const options = await request.get(`${baseURL}/api/fees/concessions/options?q=a`, { headers })
  const { students } = (await options.json()) as {
    students: { fullName: string; studentCode: string }[]
  }
  const student = students[0]!

  const admin = await browser.newContext()
  await signInAs(admin, admin.request, baseURL!, 'admin')
  const page = await admin.newPage()

  // VAT: the rounding rule is stated where rates are set.
  await page.goto('/vat-config')
  await expect(page.getByRole('heading', { name: 'VAT', level: 1 })).toBeVisible()
  await expect(page.getByText(/rounded per invoice line, half up/)).toBeVisible()

  // A fine rule for all heads, 10.00 a day after 5 days' grace, capped at 200.00 a line.
  await page.goto('/config-fine-management')
  await expect(page.getByRole('heading', { name: 'Fines', level: 1 })).toBeVisible()
  const year = 2300 + Math.floor(Math.random() * 600)
  await page.getByLabel('Grace days').fill('5')
  await page.getByLabel('How the fine is charged').selectOption('per_day')
  await page.getByLabel(/^Amount/).fill('10')
  await page.getByLabel('Cap per invoice line (optional)').fill('200')
  // A new rule reaches back to the earliest open day (a fiscal year's start), not today, so
  // lines already overdue are fined.
  await expect(page.getByLabel('For lines due from')).toHaveValue(/^\d{4}-07-01$/)
  await page.getByLabel('For lines due from').fill(`${year}-01-01`)
  await page.getByLabel('Until (optional)').fill(`${year}-12-31`)
  // Day +5 is still grace; +15 is 10 days late; +45 is 40 days, capped at 200.
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview.getByRole('listitem')).toHaveCount(3)
  await expect(preview.getByRole('listitem').nth(0)).toContainText('0.00')
  await expect(preview.getByRole('listitem').nth(1)).toContainText('100.00')
  await expect(preview.getByRole('listitem').nth(2)).toContainText('200.00')
  await page.getByRole('button', { name: 'Save rule' }).click()
  await expect(page.getByText('The fine rule was saved.')).toBeVisible()
  // The rules list gives its days as the user reads dates, not ISO.
  await expect(
    page.getByRole('cell', { name: new RegExp(`^\\D*1\\D*${year} to \\D*31\\D*${year}$`) }),
  ).toBeVisible()

  // A sibling concession requested by the admin…
  await page.goto('/student-concessions')
  await expect(page.getByRole('heading', { name: 'Concessions', level: 1 })).toBeVisible()
  await page.getByLabel('Find the student (name or ID)').fill(student.studentCode)
  const choice = `${student.fullName} (${student.studentCode})`
  await expect(
    page.getByLabel('Student', { exact: true }).locator('option', { hasText: choice }),
  ).toHaveCount(1)
  await page.getByLabel('Student', { exact: true }).selectOption({ label: choice })
  await page.getByLabel('Percentage (%)').fill('10')
  await page.getByLabel('Category', { exact: true }).first().selectOption('sibling')
  await page.getByLabel('Reason').first().fill(`Second child ${run}`)
  await page.getByLabel('Document (PDF or image, optional)').setInputFiles({
    name: `siblings-${run}.pdf`,
    mimeType: 'application/pdf',
    buffer: await certificatePdf(),
  })
  await page.getByRole('button', { name: 'Request', exact: true }).click()
  await expect(page.getByText('The concession was requested.')).toBeVisible()
  await expect(page.getByText('The document was attached.')).toBeVisible()
  // …which the admin cannot approve themself.
  await page
    .getByRole('button', { name: `Approve the concession of ${student.fullName}` })
    .first()
    .click()
  await expect(
    page.getByText('Another user must approve or reject a concession you requested.'),
  ).toBeVisible()

  // Another user holding the approval right approves it.
  await staffUser(request, baseURL!, {
    username: `checker-${run}`,
    fullName: `Checker ${run}`,
    role: 'accountant',
    password: `checker-${run}-password`,
  })
  const checker = await browser.newContext()
  await signInAs(checker, checker.request, baseURL!, `checker-${run}`, `checker-${run}-password`)
  const other = await checker.newPage()
  await other.goto('/student-concessions')
  // The checker reads the document before deciding: it opens in a tab of its own.
  const opened = other.waitForEvent('popup')
  await other
    .getByRole('button', { name: `Open the document of ${student.fullName}’s concession` })
    .first()
    .click()
  const tab = await opened
  await expect(tab).toHaveURL(/^blob:/)
  await tab.close()
  await other
    .getByRole('button', { name: `Approve the concession of ${student.fullName}` })
    .first()
    .click()
  await expect(other.getByText(`Concession of ${student.fullName}: Approved.`)).toBeVisible()
  await other.getByLabel('Status', { exact: true }).selectOption('approved')
  await expect(
    other.getByRole('row', { name: new RegExp(student.fullName) }).first(),
  ).toContainText('Approved')
  await admin.close()
  await checker.close()
})
