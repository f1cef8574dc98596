import { expect, test, type Page } from '@playwright/test'
import { publishForm } from './admission-data.ts'
import { e2ePassword, signInAs } from './session.ts'

// What this file tries needs the app's service worker (off by default: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/*
 * The applicants' pages come from the server already rendered (src/public-app), in the
 * visitor's language, and the browser takes them over without re-rendering them: no hydration
 * warning, no script the page's policy blocks, no second read of what the page arrived with.
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

/** Once the page's scripts have taken the server's HTML over (src/public-app/takeover.ts). */
const live = (page: Page) => expect(page.locator('html[data-live]')).toHaveCount(1)

/** Holds back the scripts `glob` matches until the function it returns is called. */
async function holdScripts(page: Page, glob: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(glob, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * A first visit runs none of the app until the visitor first touches the page (main.tsx): it
 * is loaded and idle, and still the server's HTML alone; a pointer over it starts the app.
 */
async function touchToStart(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('html[data-live]')).toHaveCount(0)
  await page.getByRole('heading', { level: 1 }).hover()
  await live(page)
}

test.use({ locale: 'de-DE' })

test('the institute page arrives rendered in German and hydrates without a complaint', async ({
  page,
}) => {
  const problems = complaints(page)
  const reads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/admission/public/')) reads.push(request.url())
  })

  const response = await page.goto('/admission/demo-school')
  const html = await response!.text()
  // Rendered by the server: the institute, the page's title and its forms, in German.
  expect(html).toContain('Demo School and College')
  expect(html).toContain('<h1>Aufnahme</h1>')
  expect(html).toMatch(/<a [^>]*href="\/admission\/demo-school\/[0-9a-f-]{36}"[^>]*>Bewerben<\/a>/)
  // The data travels as JSON the browser never runs; no inline script.
  expect(html).toContain('<script type="application/json" id="page-data">')
  expect(html.match(/<script(?![^>]*(type="module" src=|type="application\/json"))/g)).toBeNull()
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'")

  // Taken over by React once touched: the language can be changed in place.
  await touchToStart(page)
  await page.getByTestId('language-switcher').selectOption('pt')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admissão')
  // What the server rendered from is not read again.
  expect(reads).toEqual([])

  // On to a form: a document of its own, rendered by the server in the language just chosen.
  const formDocument = page.waitForResponse((r) => r.request().resourceType() === 'document')
  await page
    .getByRole('link', { name: /^Candidatar/ })
    .first()
    .click()
  expect(await (await formDocument).text()).toContain('<html lang="pt"')
  await expect(page).toHaveURL(/\/admission\/demo-school\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('language-switcher')).toHaveValue('pt')
  expect(problems).toEqual([])
})

test('an institute that does not exist is a 404 page rendered by the server', async ({ page }) => {
  const problems = complaints(page)
  const response = await page.goto('/admission/no-such-school')
  expect(response!.status()).toBe(404)
  expect(await response!.text()).toContain('Einrichtung nicht gefunden')
  await expect(page.getByTestId('admission-not-found')).toBeVisible()
  // Taken over at the first touch, as every public page is, so its switcher works.
  await touchToStart(page)
  await page.getByTestId('language-switcher').selectOption('en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Institute not found')
  expect(problems.filter((p) => !p.includes('404'))).toEqual([])
})

test('a page visited once opens offline from its kept copy, rendered and working', async ({
  page,
  context,
}) => {
  const problems = complaints(page)
  await page.goto('/admission/demo-school')
  await page.evaluate(() => navigator.serviceWorker.ready)
  // The worker keeps the page that installed it.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        for (const name of await caches.keys()) {
          if (!name.startsWith('public-pages-')) continue
          if (await (await caches.open(name)).match(location.href)) return true
        }
        return false
      }),
    )
    .toBe(true)

  await context.setOffline(true)
  const response = await page.reload()
  expect(await response!.text()).toContain('<h1>Aufnahme</h1>')
  await expect(page.getByTestId('offline-indicator')).toBeVisible()
  await live(page)
  await page.getByTestId('language-switcher').selectOption('pt')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admissão')
  await context.setOffline(false)
  expect(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([])
})

test('the form takes typing before its scripts have run, and keeps it once they have', async ({
  page,
  request,
  baseURL,
}) => {
  const { form } = await publishForm(request, baseURL!, {
    title: `Klasse Zwei ${crypto.randomUUID().slice(0, 6)}`,
  })
  const problems = complaints(page)
  // The page's entry script is held back: what shows is the server's HTML alone.
  const release = await holdScripts(page, '**/assets/shell-*.js')
  await page.goto(`/admission/demo-school/${form.id}`, { waitUntil: 'commit' })
  const name = page.getByLabel('Vollständiger Name des Bewerbers')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(form.title)
  await name.fill('Amina Rahman')

  release()
  // Taken over: what was typed is the draft's, kept on this device, and the page follows a
  // change of language.
  await expect(page.getByText(/^Um .+ auf diesem Gerät gespeichert\.$/)).toBeVisible()
  await page.getByTestId('language-switcher').selectOption('pt')
  await expect(page.getByLabel('Nome completo do candidato')).toHaveValue('Amina Rahman')
  await page.getByTestId('language-switcher').selectOption('de')
  await page.unrouteAll()
  await page.reload()
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(name).toHaveValue('Amina Rahman')
  expect(problems).toEqual([])
})

test('a first visit loads no database code until the applicant types, then keeps the draft', async ({
  page,
  request,
  baseURL,
}) => {
  const { form } = await publishForm(request, baseURL!, {
    title: `Klasse Drei ${crypto.randomUUID().slice(0, 6)}`,
  })
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  const databases = () =>
    page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
  await page.goto(`/admission/demo-school/${form.id}`)
  await touchToStart(page)
  await page.waitForLoadState('networkidle')
  expect(await databases()).not.toContain('institute-office')
  expect(scripts.filter((s) => /\/(dexie|draft-persistence|stored-reads)-/.test(s))).toEqual([])

  await page.getByLabel('Vollständiger Name des Bewerbers').fill('Nadia Islam')
  await expect(page.getByText(/^Um .+ auf diesem Gerät gespeichert\.$/)).toBeVisible()
  expect(await databases()).toContain('institute-office')
  await page.reload()
  const offer = page.getByRole('dialog', { name: /Ihre Bewerbung vom .+ fortsetzen/ })
  await offer.getByRole('button', { name: 'Weiter' }).click()
  await expect(page.getByLabel('Vollständiger Name des Bewerbers')).toHaveValue('Nadia Islam')
})

test('the sign-in page arrives rendered; signing in opens the staff app, and a signed-in user skips it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const problems = complaints(page)
  const response = await page.goto('/login')
  const html = await response!.text()
  expect(html).toMatch(/<input[^>]*name="username"/)
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
  await touchToStart(page)
  await page.getByLabel('Benutzername oder E-Mail').fill('admin')
  await page.getByLabel('Passwort', { exact: true }).fill(e2ePassword)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('navigation').first()).toBeVisible()
  expect(problems).toEqual([])

  // Signed in (cookies and the stored user), the sign-in page sends them home.
  const other = await context.newPage()
  await signInAs(context, request, baseURL!, 'admin')
  await other.goto('/login')
  await expect(other).toHaveURL(/\/dashboard$/)
})

test('what is pressed before the page is taken over is done once it is, and only once', async ({
  page,
}) => {
  const problems = complaints(page)
  // The app's code is held back; the page's small entry script runs and holds the presses.
  const release = await holdScripts(page, '**/assets/start-*.js')
  const signIns: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/login')) signIns.push(r.postData() ?? '')
  })
  await page.goto('/login')
  await page.getByLabel('Benutzername oder E-Mail').fill('admin')
  await page.getByLabel('Passwort', { exact: true }).fill(e2ePassword)
  await page.getByRole('checkbox', { name: 'Angemeldet bleiben' }).click()
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.getByRole('button', { name: 'Anmelden' }).click()
  // Nothing was sent as a plain form, and nothing yet by the app.
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('checkbox', { name: 'Angemeldet bleiben' })).not.toBeChecked()
  expect(signIns).toEqual([])

  release()
  await expect(page).toHaveURL(/\/dashboard$/)
  // The box ticked before is ticked for the sign-in, which went out once for two presses.
  expect(signIns).toHaveLength(1)
  expect(JSON.parse(signIns[0]!)).toMatchObject({ username: 'admin', remember_me: true })
  expect(await page.evaluate(() => localStorage.getItem('isRememberMe'))).toBe('true')
  expect(problems).toEqual([])
})

test('a press before the takeover is done even when the takeover draws the page anew', async ({
  page,
  request,
  baseURL,
}) => {
  const { form } = await publishForm(request, baseURL!, {
    title: `Klasse Zwei ${crypto.randomUUID().slice(0, 6)}`,
  })
  // The server's HTML differs from the app's first render (a heading of another text), so React
  // throws the server's elements away and draws its own: the press was held on one of those.
  await page.route(`**/admission/demo-school/${form.id}`, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(`>${form.title}<`, '>Ein anderer Titel<')
    await route.fulfill({ response, body: html })
  })
  const release = await holdScripts(page, '**/assets/start-*.js')
  await page.goto(`/admission/demo-school/${form.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ein anderer Titel')
  await page.getByRole('button', { name: 'Bewerbung absenden' }).click()

  release()
  await live(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(form.title)
  // Sent, and so checked: the question left unanswered is named.
  await expect(page.getByText('Bitte beantworten Sie diese Frage.')).toBeVisible()
})
