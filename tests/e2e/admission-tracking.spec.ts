import { expect, test, type APIRequestContext } from '@playwright/test'

/** A tiny valid PNG (1×1 pixel). */
const photoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

interface Applied {
  formId: string
  temporaryId: string
  shortReference: string
  page: string
}

/** An application to the demo institute's open form, sent as its page would send it. */
async function applied(request: APIRequestContext, baseURL: string): Promise<Applied> {
  const list = await request.get(`${baseURL}/api/admission/public/demo-school`)
  const { forms } = (await list.json()) as { forms: { id: string; title: string }[] }
  const formId = forms.find((f) => f.title === 'Class One admission 2027')!.id
  const phone = `+880 1711 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`
  const res = await request.post(
    `${baseURL}/api/admission/public/demo-school/forms/${formId}/applications`,
    {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: {
        fields: {
          applicantName: 'Lena Hoffmann',
          dateOfBirth: '2015-03-14',
          gender: 'female',
          guardianName: 'Jonas Hoffmann',
          phone,
          email: 'lena.family@example.com',
        },
        answers: { shift: 'Morning' },
      },
    },
  )
  expect(res.status()).toBe(201)
  const { temporaryId, shortReference } = (await res.json()) as Applied
  const page = `/admission/demo-school/${formId}/temporaryId/${temporaryId}`
  return { formId, temporaryId, shortReference, page }
}

test.describe('in German on a phone', () => {
  test.use({
    locale: 'de-DE',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })

  test('an applicant confirms with the date of birth typed as 14.03.2015, and finds the way back', async ({
    page,
    request,
    baseURL,
  }) => {
    const app = await applied(request, baseURL!)
    await page.goto(`${app.page}/attachment`)
    const confirm = page.getByLabel('Im Formular angegebene Telefonnummer oder Geburtsdatum')
    await page.getByLabel('Photo of the applicant').setInputFiles({
      name: 'lena.png',
      mimeType: 'image/png',
      buffer: photoPng,
    })

    // A date that does not exist is caught on the page: nothing is sent, so nothing counts.
    const uploads: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT') uploads.push(r.url())
    })
    await confirm.fill('31.02.2015')
    await page.getByRole('button', { name: 'Hochladen' }).click()
    await expect(confirm).toHaveAttribute('aria-invalid', 'true')
    expect(uploads).toEqual([])

    // The date as Germans write it goes through.
    await confirm.fill('14.03.2015')
    await page.getByRole('button', { name: 'Hochladen' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Anhänge hochgeladen' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${app.temporaryId}$`))
    await expect(page.getByTestId('attachment-photo')).toContainText('lena.png')

    // From the attachment page, back to the application without sending anything.
    await page.goto(`${app.page}/attachment`)
    await page
      .getByRole('link', { name: /Back to your application|Zurück/ })
      .first()
      .click()
    await expect(page).toHaveURL(new RegExp(`${app.temporaryId}$`))
    await expect(page.getByTestId('short-reference')).toHaveText(app.shortReference)
  })
})

test('the application page shows the short reference and copies, shares and sends its address', async ({
  browser,
  request,
  baseURL,
}) => {
  const app = await applied(request, baseURL!)
  // A phone on another clock than the institute's (Dhaka).
  const context = await browser.newContext({ timezoneId: 'America/New_York' })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  // The share sheet is the phone's own: here it only records what it was given.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        ;(window as unknown as { shared: ShareData }).shared = data
      },
    })
  })
  const page = await context.newPage()
  await page.goto(app.page)
  const address = `${baseURL}${app.page}`

  // The reference to give on the phone; the fee says where to pay it, with that reference.
  expect(app.shortReference).toMatch(/^DS-\d{2}-[0-9A-HJKMNP-TV-Z]{4}$/)
  await expect(page.getByTestId('short-reference')).toHaveText(app.shortReference)
  await expect(page.getByTestId('application-fee')).toContainText('office counter')
  await expect(page.getByTestId('application-fee')).toContainText(app.shortReference)
  await expect(page.getByLabel('Address of your application')).toHaveValue(address)

  // When it was submitted, on the institute's clock as its staff see it, saying whose clock.
  const submitted = page.locator('.application-facts time')
  await expect(submitted).toContainText('Bangladesh Time')
  const at = new Date((await submitted.getAttribute('datetime'))!)
  const dhaka = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Dhaka',
  }).format(at)
  const spaced = (text: string) => text.replace(/\s/g, ' ')
  expect(spaced(await submitted.innerText())).toContain(spaced(dhaka))

  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The link is copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

  await page.getByRole('button', { name: 'Share…' }).click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
    .toBe(address)

  // Sent to the phone given on the application (masked here), then to its email.
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /The link was sent by SMS to \+880\*+\d{3}\./ }),
  ).toBeVisible()
  await page.getByText('By email to lena.family@example.com').click()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The link was sent by email to l***@example.com.' }),
  ).toBeVisible()
  await context.close()
})
