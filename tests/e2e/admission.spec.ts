import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { publishForm } from './admission-data.ts'
import { signInAs, staffUser } from './session.ts'

// What this file tries needs the app's service worker (off by default: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/** A test's own names, so that repeated runs on one server do not meet. */
const uniqueSuffix = () => Math.random().toString(36).slice(2, 8)

/** A tiny valid PNG (1×1 pixel): what a phone's camera gives, as far as the server can tell. */
const photoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** A published form of the demo institute with a fee, asking for the date of birth and gender. */
async function publishedForm(request: APIRequestContext, baseURL: string, title: string) {
  const { form, headers } = await publishForm(request, baseURL, {
    title,
    fee: 25000,
    requiredFields: ['dateOfBirth', 'gender'],
  })
  return { formId: form.id, headers }
}

/**
 * The drafts the page has written to IndexedDB, as text (read without the app's code, and
 * without creating the database when the page has not: an empty one would be in its way).
 */
function storedDrafts(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const present = await indexedDB.databases()
    if (!present.some((d) => d.name === 'institute-office')) return ''
    return new Promise<string>((resolve, reject) => {
      const open = indexedDB.open('institute-office')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        const read = db.transaction('drafts').objectStore('drafts').getAll()
        read.onsuccess = () => {
          resolve(JSON.stringify(read.result))
          db.close()
        }
        read.onerror = () => {
          db.close()
          reject(read.error)
        }
      }
    })
  })
}

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('an applicant fills a form across going offline, a reload and a closed page, submits offline, and exactly one application reaches the staff, who accept and enrol it', async ({
    browser,
    baseURL,
    request,
  }) => {
    const run = uniqueSuffix()
    const { formId, headers } = await publishedForm(request, baseURL!, `Class Two admission ${run}`)
    const formUrl = `/admission/demo-school/${formId}`
    const context = await browser.newContext()
    let page = await context.newPage()

    // The institute's page lists the form; the form opens from it.
    await page.goto('/admission/demo-school')
    await page.getByRole('link', { name: new RegExp(`Class Two admission ${run}`) }).click()
    await expect(page).toHaveURL(new RegExp(`${formUrl}$`))
    await controlledByServiceWorker(page)

    // Half the form, then the network goes.
    await page.getByLabel("Applicant's full name").fill('Nadia Rahman')
    await page.getByLabel('Phone number').fill('+880 1711 000222')
    await expect.poll(() => storedDrafts(page)).toContain('+880 1711 000222')
    await context.setOffline(true)

    // A photo taken offline is kept with the draft.
    await page.getByLabel('Photo of the applicant').setInputFiles({
      name: 'nadia.png',
      mimeType: 'image/png',
      buffer: photoPng,
    })
    await expect(page.getByText('nadia.png')).toBeVisible()

    // A reload (offline: the service worker serves the app) offers the draft back.
    await page.reload()
    await expect(page.getByText(/Continue your application from/)).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByLabel("Applicant's full name")).toHaveValue('Nadia Rahman')
    await expect(page.getByText('nadia.png')).toBeVisible()

    // The page is closed and a new one opened, still offline: everything is there.
    await page.close()
    page = await context.newPage()
    await page.goto(formUrl)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByLabel("Applicant's full name")).toHaveValue('Nadia Rahman')
    await expect(page.getByLabel('Phone number')).toHaveValue('+880 1711 000222')
    await expect(page.getByText('nadia.png')).toBeVisible()

    // The rest of the form; a missing answer is named before anything is sent.
    await page.getByLabel('Date of birth').fill('2019-03-14')
    await page.getByLabel('Gender').selectOption('female')
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(page.getByText('Please answer this question.')).toBeVisible()
    await page.getByLabel('Which shift?').selectOption('Morning')

    // Submitted offline: it waits for the connection.
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Waiting for connection' }),
    ).toBeVisible()

    // Back online: sent once, with its photo; the applicant sees the application and its fee.
    await context.setOffline(false)
    await expect(page).toHaveURL(/\/temporaryId\/[A-Za-z0-9_-]{22}$/, { timeout: 20_000 })
    await expect(page.getByText('Nadia Rahman')).toBeVisible()
    await expect(page.getByText('Fee due')).toBeVisible()
    await expect(page.getByText('nadia.png')).toBeVisible()
    await context.close()

    const list = await request.get(`${baseURL}/api/admission/applicants?formId=${formId}`, {
      headers,
    })
    const applications = (await list.json()) as {
      total: number
      data: { attachmentCount: number }[]
    }
    expect(applications.total).toBe(1)
    expect(applications.data[0]!.attachmentCount).toBe(1)

    // The admission office sees exactly that one application, accepts and enrols it.
    // The office works on a desktop.
    const staff = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      isMobile: false,
      hasTouch: false,
    })
    const officer = {
      username: `admission-officer-${run}`,
      fullName: 'Omar Officer',
      role: 'admission officer',
      password: 'admits-students-2026',
    }
    await staffUser(staff.request, baseURL!, officer)
    await signInAs(staff, staff.request, baseURL!, officer.username, officer.password)
    const office = await staff.newPage()
    await office.goto(`/admission-applicants?formId=${formId}`)
    const rows = office.getByRole('table').getByRole('row').filter({ hasText: 'Nadia Rahman' })
    await expect(rows).toHaveCount(1)
    await rows.getByRole('link').first().click()
    await expect(office.getByRole('heading', { name: 'Nadia Rahman' })).toBeVisible()
    await expect(office.getByText('nadia.png')).toBeVisible()
    const download = office.waitForEvent('download')
    await office
      .getByRole('button', { name: /Download/ })
      .first()
      .click()
    expect((await download).suggestedFilename()).toBe('nadia.png')

    await office.getByRole('button', { name: 'Accept' }).click()
    await office.getByRole('dialog').getByLabel(/Note/).fill('Interview passed.')
    await office.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await expect(office.getByText('Accepted', { exact: true }).first()).toBeVisible()
    await office.getByRole('button', { name: 'Enrol' }).click()
    await office.getByRole('dialog').getByRole('button', { name: 'Enrol' }).click()
    await expect(
      office
        .getByRole('status')
        .filter({ hasText: /Nadia Rahman is enrolled with student ID 2027\d{4}\./ }),
    ).toBeVisible()
    await expect(office.getByText('Enrolled', { exact: true }).first()).toBeVisible()
    await staff.close()
  })
})

test('the admission office sets up a form with its own question and attachment, publishes it, and applicants find it', async ({
  browser,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const context = await browser.newContext()
  const officer = {
    username: `forms-officer-${run}`,
    fullName: 'Farah Forms',
    role: 'admission officer',
    password: 'builds-forms-2026',
  }
  await staffUser(context.request, baseURL!, officer)
  await signInAs(context, context.request, baseURL!, officer.username, officer.password)
  const page = await context.newPage()
  await page.goto('/admission-forms')
  await page.getByRole('button', { name: 'New form' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Title').fill(`Class Six admission ${run}`)
  // Chosen from the institute's structure: a group only where the class offers one.
  await dialog
    .getByLabel('Academic session')
    .selectOption({ label: String(new Date().getFullYear() + 1) })
  await dialog.getByLabel('Class', { exact: true }).selectOption({ label: 'Nine' })
  await dialog.getByLabel('Group (optional)').selectOption({ label: 'Science' })
  await dialog.getByLabel('Class', { exact: true }).selectOption({ label: 'Six' })
  await expect(dialog.getByLabel('Group (optional)')).toBeDisabled()
  await expect(dialog.getByLabel('Group (optional)')).toHaveValue('')
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  await dialog.getByLabel('Opens on').fill(day(-1))
  await dialog.getByLabel('Closes on').fill(day(20))
  await dialog.getByLabel('Application fee').fill('300')
  await dialog.getByRole('checkbox', { name: 'Date of birth' }).check()
  await dialog.getByRole('button', { name: 'Add question' }).click()
  await dialog.getByLabel('Question', { exact: true }).fill('Favourite subject')
  await dialog.getByRole('button', { name: 'Add attachment' }).click()
  await dialog.getByLabel('Name', { exact: true }).fill('Birth certificate')
  await dialog.getByRole('button', { name: 'Create form' }).click()
  await expect(page.getByRole('status').filter({ hasText: /created/i })).toBeVisible()

  const row = page.getByRole('row').filter({ hasText: `Class Six admission ${run}` })
  await expect(row).toBeVisible()
  // Not published yet: applicants do not see it.
  const publicList = await context.request.get(`${baseURL}/api/admission/public/demo-school`)
  expect(JSON.stringify(await publicList.json())).not.toContain(`Class Six admission ${run}`)

  // Beyond "Edit", a form's actions wait in its menu.
  await row
    .getByRole('button', { name: new RegExp(`^More actions for Class Six admission ${run}`) })
    .click()
  await row.getByRole('menuitem', { name: /^Publish/ }).click()
  await expect(row.getByText('Open for applications')).toBeVisible()

  const applicant = await browser.newContext()
  const pub = await applicant.newPage()
  await pub.goto('/admission/demo-school')
  await pub.getByRole('link', { name: new RegExp(`Class Six admission ${run}`) }).click()
  await expect(pub.getByLabel('Favourite subject')).toBeVisible()
  await expect(pub.getByLabel('Birth certificate')).toBeVisible()
  await expect(pub.getByText(/300/).first()).toBeVisible()
  await applicant.close()
  await context.close()
})

test('an unknown institute gets a clear not-found page', async ({ page }) => {
  await page.goto('/admission/no-such-school')
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible()
})

test('a draft kept on this device is offered back over the form, which stays in place and waits for the choice', async ({
  page,
  request,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const { formId } = await publishedForm(request, baseURL!, `Class Three admission ${run}`)
  await page.goto(`/admission/demo-school/${formId}`)
  const name = page.getByLabel("Applicant's full name")
  const where = await name.boundingBox()
  await name.fill('Rafi Karim')
  await expect.poll(() => storedDrafts(page)).toContain('Rafi Karim')

  // The offer comes over the form: nothing under it moves, and the form is out of reach (the
  // stored answers are not in it yet) until the applicant chooses.
  await page.reload()
  const offer = page.getByRole('dialog', { name: /Continue your application from/ })
  await expect(offer).toBeVisible()
  expect(await offer.evaluate((dialog) => dialog.matches(':modal'))).toBe(true)
  await expect(offer.getByRole('button', { name: 'Continue' })).toBeFocused()
  await expect(name).toHaveValue('')
  expect(await name.boundingBox()).toEqual(where)

  // Escape keeps the draft: the choice that throws nothing away.
  await page.keyboard.press('Escape')
  await expect(offer).toBeHidden()
  await expect(name).toHaveValue('Rafi Karim')

  // "Start over" throws it away: an empty form, and nothing of it left on this device.
  await page.reload()
  await offer.getByRole('button', { name: 'Start over' }).click()
  await expect(offer).toBeHidden()
  await expect(name).toHaveValue('')
  await expect.poll(() => storedDrafts(page)).not.toContain('Rafi Karim')
})

test.describe('before the draft storage has loaded', () => {
  // The page's own requests only, so that the storage code can be held back on its way.
  test.use({ serviceWorkers: 'block' })

  /** Holds the draft storage's code back until `release()`. */
  async function holdDraftStorage(page: Page) {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/draft-persistence-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    return release
  }

  test('what an applicant types is kept and saved, ahead of an older draft, and a submission waits for the storage', async ({
    page,
    request,
    baseURL,
  }) => {
    const run = uniqueSuffix()
    const { form } = await publishForm(request, baseURL!, {
      title: `Class Four admission ${run}`,
      questions: [],
      attachments: [],
    })
    const formUrl = `/admission/demo-school/${form.id}`
    await page.goto(formUrl)
    await page.getByLabel("Applicant's full name").fill('Older Draft')
    await expect.poll(() => storedDrafts(page)).toContain('Older Draft')

    // Typed while the storage is still on its way: that is the draft, saved once it arrives.
    const typing = await page.context().newPage()
    const release = await holdDraftStorage(typing)
    await typing.goto(formUrl)
    await typing.getByLabel("Applicant's full name").fill('Mina Akter')
    release()
    await expect.poll(() => storedDrafts(typing)).toContain('Mina Akter')
    await expect(typing.getByRole('dialog')).toHaveCount(0)
    await expect(typing.getByLabel("Applicant's full name")).toHaveValue('Mina Akter')
    await expect(typing.getByText(/Saved on this device at/)).toBeVisible()

    // Submitted before the storage arrived: queued once it has, then sent.
    const submitting = await page.context().newPage()
    const releaseAgain = await holdDraftStorage(submitting)
    await submitting.goto(formUrl)
    await submitting.getByLabel("Applicant's full name").fill('Tania Sultana')
    await submitting.getByLabel('Phone number').fill('+880 1711 000333')
    await submitting.getByRole('button', { name: 'Submit application' }).click()
    releaseAgain()
    await expect(submitting).toHaveURL(/\/temporaryId\/[A-Za-z0-9_-]{22}$/, { timeout: 20_000 })
    await expect(submitting.getByText('Tania Sultana')).toBeVisible()
  })
})
