import { readFile } from 'node:fs/promises'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test'
import { photoAttachment, publishForm } from './admission-data.ts'
import { adminHeaders, signInAs, staffUser } from './session.ts'

/** A test's own names, so that repeated runs on one server do not meet. */
const uniqueSuffix = () => Math.random().toString(36).slice(2, 8)

/** A tiny valid PNG (1×1 pixel). */
const photoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** A one-page PDF with a line of text, as a scanner would make it. */
async function certificatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([300, 200])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  page.drawText('Birth certificate', { x: 30, y: 100, font })
  return Buffer.from(await doc.save())
}

/**
 * A published form of the demo institute asking "Which shift?" and for a photo and a birth
 * certificate, and one application to it with both files, made through the APIs.
 */
async function applicationWithFiles(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  session: 'current' | 'next' = 'next',
) {
  const { form, headers } = await publishForm(request, baseURL, {
    title: `Class Three admission ${uniqueSuffix()}`,
    className: 'Three',
    session,
    attachments: [
      { ...photoAttachment, types: ['image/png'], maxBytes: 1024 * 1024 },
      {
        kind: 'birth-certificate',
        label: 'Birth certificate',
        required: true,
        types: ['application/pdf'],
        maxBytes: 1024 * 1024,
      },
    ],
  })

  const phone = '+880 1711 000333'
  const submitted = await request.post(
    `${baseURL}/api/admission/public/demo-school/forms/${form.id}/applications`,
    {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: { fields: { applicantName: name, phone }, answers: { shift: 'Day' } },
    },
  )
  expect(submitted.status()).toBe(201)
  const { temporaryId } = (await submitted.json()) as { temporaryId: string }
  const upload = async (kind: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const res = await request.put(
      `${baseURL}/api/admission/public/demo-school/applications/${temporaryId}/attachments/${kind}`,
      { multipart: { file, confirm: phone } },
    )
    expect(res.ok(), kind).toBe(true)
  }
  await upload('photo', { name: 'photo.png', mimeType: 'image/png', buffer: photoPng })
  await upload('birth-certificate', {
    name: 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: await certificatePdf(),
  })
  const list = await request.get(`${baseURL}/api/admission/applicants?formId=${form.id}`, {
    headers,
  })
  const [applicant] = ((await list.json()) as { data: { id: string; submittedAt: string }[] }).data
  return { form, applicant: applicant!, headers }
}

/** An admission officer signed in on a desktop. */
async function officeOf(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const officer = {
    username: `review-officer-${uniqueSuffix()}`,
    fullName: 'Rina Reviewer',
    role: 'admission officer',
    password: 'reviews-applicants-2026',
  }
  await staffUser(context.request, baseURL, officer)
  await signInAs(context, context.request, baseURL, officer.username, officer.password)
  return context
}

test('the office previews an applicant’s photo and PDF on the applicant’s page', async ({
  browser,
  baseURL,
  request,
}) => {
  const { applicant } = await applicationWithFiles(request, baseURL!, 'Tania Akter')
  const context = await officeOf(browser, baseURL!)
  const page = await context.newPage()
  const refusals: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text())
  })
  await page.goto(`/admission-applicants/${applicant.id}`)
  await expect(page.getByRole('heading', { name: 'Tania Akter' })).toBeVisible()

  // The photo shows as an image on the page.
  await page.getByRole('button', { name: 'Preview photo.png' }).click()
  const preview = page.getByRole('region', { name: /Photo of the applicant/ })
  const photo = preview.getByRole('img', { name: /photo\.png/ })
  await expect(photo).toBeVisible()
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  await expect(page.getByRole('button', { name: 'Preview photo.png' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // The certificate opens in the browser's PDF viewer in its place, with links besides.
  await page.getByRole('button', { name: 'Preview certificate.pdf' }).click()
  const pdfPreview = page.getByRole('region', { name: /Birth certificate/ })
  await expect(pdfPreview.locator('iframe[title*="certificate.pdf"]')).toBeVisible()
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith('chrome-extension://')))
    .toBe(true)
  await expect(pdfPreview.getByRole('link', { name: 'Open in a new tab' })).toBeVisible()
  await expect(photo).toHaveCount(0)
  const download = page.waitForEvent('download')
  await pdfPreview.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('certificate.pdf')
  expect(refusals).toEqual([])

  // Closed: the focus goes back to the button that opened it.
  await pdfPreview.getByRole('button', { name: 'Close the preview' }).click()
  await expect(pdfPreview).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Preview certificate.pdf' })).toBeFocused()
  await context.close()
})

test('the applicants CSV carries the form’s question, readable statuses and the institute’s local times', async ({
  browser,
  baseURL,
  request,
}) => {
  const { form, applicant } = await applicationWithFiles(request, baseURL!, 'Sohel Rana')
  const context = await officeOf(browser, baseURL!)
  const page = await context.newPage()
  await page.goto(`/admission-applicants?formId=${form.id}`)
  await expect(page.getByRole('row').filter({ hasText: 'Sohel Rana' })).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const bytes = await readFile((await (await download).path())!)

  // A byte order mark, so spreadsheets read it as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const [head, row] = bytes.subarray(3).toString('utf8').split('\r\n')
  const headings = head!.split(',')
  expect(headings).toContain('Which shift?')
  const cells = row!.split(',')
  expect(cells[headings.indexOf('Which shift?')]).toBe('Day')
  expect(cells[headings.indexOf('Status')]).toBe('Submitted')
  // On the institute's clock (Dhaka), as English writes it.
  const at = new Date(applicant.submittedAt)
  const inDhaka = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en', { timeZone: 'Asia/Dhaka', ...options }).format(at)
  const local = `${inDhaka({ year: 'numeric', month: '2-digit', day: '2-digit' })} ${inDhaka({
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })}`
  expect(cells[headings.indexOf('Submitted')]).toBe(local)
  await context.close()
})

test('enrolling asks in the app’s own dialog for the section and a roll, then gives a student ID', async ({
  browser,
  baseURL,
  request,
}) => {
  // This session's class Three has sections A and B.
  const { applicant, headers, form } = await applicationWithFiles(
    request,
    baseURL!,
    'Mitu Das',
    'current',
  )
  const accept = async (id: string) =>
    expect(
      (
        await request.post(`${baseURL}/api/admission/applicants/${id}/accept`, {
          headers,
          data: { note: '' },
        })
      ).ok(),
    ).toBe(true)
  await accept(applicant.id)
  // Another applicant of the form already holds a roll in section A: the one typed below.
  const sent = await request.post(
    `${baseURL}/api/admission/public/demo-school/forms/${form.id}/applications`,
    {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: {
        fields: { applicantName: `Roll holder ${uniqueSuffix()}`, phone: '+880 1711 000777' },
        answers: { shift: 'Day' },
      },
    },
  )
  expect(sent.status()).toBe(201)
  const list = await request.get(
    `${baseURL}/api/admission/applicants?formId=${form.id}&sortBy=submittedAt&sortDesc=true`,
    { headers },
  )
  const [holder] = ((await list.json()) as { data: { id: string }[] }).data
  await accept(holder!.id)
  const proposal = (await (
    await request.get(`${baseURL}/api/admission/applicants/${holder!.id}/enrolment-proposal`, {
      headers,
    })
  ).json()) as { sections: { id: string; name: string }[] }
  const sectionA = proposal.sections.find((s) => s.name === 'A')!
  const takenRoll = 100 + Math.floor(Math.random() * 800)
  const held = await request.post(`${baseURL}/api/admission/applicants/${holder!.id}/enrol`, {
    headers,
    data: { sectionId: sectionA.id, roll: takenRoll },
  })
  expect(held.ok()).toBe(true)

  const context = await officeOf(browser, baseURL!)
  const page = await context.newPage()
  // The browser's own confirm would fail the test: it is not used.
  page.on('dialog', (dialog) => {
    throw new Error(`a browser dialog was shown: ${dialog.message()}`)
  })
  await page.goto(`/admission-applicants/${applicant.id}`)
  await page.getByRole('button', { name: 'Enrol' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enrol Mitu Das' })
  await expect(dialog).toContainText('Mitu Das becomes a student of the institute')
  await expect(dialog).toContainText('gets a student ID at once')

  // Cancelled: nothing happens.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('applicant-status')).toHaveText('Accepted')

  await page.getByRole('button', { name: 'Enrol' }).click()
  // The class has sections this session: one must be chosen.
  await dialog.getByRole('button', { name: 'Enrol' }).click()
  await expect(dialog.getByText('Choose the section.')).toBeVisible()
  await expect(page.getByTestId('applicant-status')).toHaveText('Accepted')
  await dialog.getByLabel('Section').selectOption(sectionA.id)
  // The next free roll is proposed, and can be changed: here to one that is taken.
  const roll = dialog.getByLabel('Roll')
  await expect(roll).toHaveValue(/^\d+$/)
  await expect(dialog).toContainText(`The next free roll is ${await roll.inputValue()}.`)
  await roll.fill(String(takenRoll))
  await dialog.getByRole('button', { name: 'Enrol' }).click()
  await expect(
    dialog.getByText(`Roll ${takenRoll} is already taken in this class and section.`),
  ).toBeVisible()
  await expect(page.getByTestId('applicant-status')).toHaveText('Accepted')
  await roll.fill(String(takenRoll + 1))
  await dialog.getByRole('button', { name: 'Enrol' }).click()
  const year = new Date().getFullYear()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`Mitu Das is enrolled with student ID ${year}\\d{4}\\.`) }),
  ).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('applicant-status')).toHaveText('Enrolled')
  await context.close()
})

test('a new admission form closes a month ahead and asks for no keys', async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await officeOf(browser, baseURL!)
  const page = await context.newPage()
  await page.goto('/admission-forms')
  await page.getByRole('button', { name: 'New form' }).click()
  const dialog = page.getByRole('dialog')

  // Today in the demo institute's calendar (Asia/Dhaka, which the form defaults to), and the
  // same day a month later.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date())
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const monthAhead = new Date(Date.UTC(year, month, Math.min(day, lastDay)))
    .toISOString()
    .slice(0, 10)
  await expect(dialog.getByLabel('Opens on')).toHaveValue(today)
  await expect(dialog.getByLabel('Closes on')).toHaveValue(monthAhead)

  const title = `Class Four admission ${uniqueSuffix()}`
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Academic session').selectOption(String(new Date().getFullYear() + 1))
  await dialog.getByLabel('Class', { exact: true }).selectOption({ label: 'Four' })
  await dialog.getByRole('button', { name: 'Add question' }).click()
  await dialog.getByLabel('Question', { exact: true }).fill('Blood group')
  await dialog.getByRole('button', { name: 'Add attachment' }).click()
  await dialog.getByLabel('Name', { exact: true }).fill('Vaccination card')
  // The office's words only: no keys to fill in, none shown, none mentioned.
  await expect(dialog.getByLabel('Key')).toHaveCount(0)
  await expect(dialog).not.toContainText(/\bkeys?\b/i)
  await expect(dialog).not.toContainText('blood-group')
  await dialog.getByRole('button', { name: 'Create form' }).click()
  await expect(page.getByRole('status').filter({ hasText: /created/i })).toBeVisible()

  // The keys were made from the names.
  const forms = await request.get(`${baseURL}/api/admission/forms?q=${encodeURIComponent(title)}`, {
    headers: await adminHeaders(request, baseURL!),
  })
  const [saved] = (
    (await forms.json()) as {
      data: { closesOn: string; questions: { id: string }[]; attachments: { kind: string }[] }[]
    }
  ).data
  expect(saved).toMatchObject({
    closesOn: monthAhead,
    questions: [{ id: 'blood-group' }],
    attachments: [{ kind: 'vaccination-card' }],
  })
  await context.close()
})
