import { expect, test, type Page } from '@playwright/test'
import { e2ePassword, signInWithForm, staffUser } from './session.ts'
import { spawnServer } from './spawn-server.ts'

/** The `exp` of the access token the page holds. */
function accessTokenExpiry(page: Page): Promise<number> {
  return page.evaluate(() => {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('accessToken='))!
    const payload = cookie.slice('accessToken='.length).split('.')[1]!
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number }).exp
  })
}

test.describe('signing in and out', () => {
  test('an admin signs in, lands on the dashboard, and signs out for good', async ({ page }) => {
    await page.goto('/login')
    await signInWithForm(page, 'admin', e2ePassword)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Demo Administrator' })).toBeVisible()
    // The session survives a reload.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome, Demo Administrator' })).toBeVisible()

    await page.getByRole('link', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull()
    expect(await page.evaluate(() => document.cookie)).not.toContain('accessToken=')
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirect=/)
  })

  test('a wrong password is refused with a toast', async ({ page }) => {
    await page.goto('/login')
    await signInWithForm(page, 'admin', 'not-the-password')
    // The press came before the page's app took over (it starts at the first touch): it is
    // done once the app is live, which on a loaded two-core machine can take a while.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Email or Password is Invalid' }),
    ).toBeVisible({ timeout: 25_000 })
    await expect(page).toHaveURL(/\/login$/)
    // In German, the same refusal in German.
    await page.getByTestId('language-switcher').selectOption('de')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'E-Mail oder Passwort ist ungültig' })
    await expect(refusal).toBeVisible()

    // The right password: the button says it is working and the old refusal goes at once.
    let answer = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/api/auth/login', async (route) => {
      await held
      await route.continue()
    })
    await page.getByLabel('Passwort').fill(e2ePassword)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    const busy = page.getByRole('button', { name: 'Anmeldung läuft…' })
    await expect(busy).toHaveAttribute('aria-busy', 'true')
    // Toasts stay three seconds (§9): this one is taken back well before.
    await expect(refusal).toHaveCount(0, { timeout: 1500 })
    answer()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(refusal).toHaveCount(0)
  })

  test('guesses at an account slow the guesser down, never the owner on the browser they used before', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow()
    const owner = { username: 'guessed', fullName: 'Guessed Owner', role: 'viewer' }
    const password = 'owner-password-e2e-1'
    const api = await playwright.request.newContext()
    await staffUser(api, baseURL!, { ...owner, password })

    // The owner signs in on this browser once, then signs out.
    await page.goto('/login')
    await signInWithForm(page, owner.username, password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Guessed Owner' })).toBeVisible()
    await page.getByRole('link', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)

    // Someone else guesses on another browser from the same network: after five, they wait,
    // told when to try again in their language.
    const other = await page.context().browser()!.newContext({ locale: 'de-DE' })
    const stranger = await other.newPage()
    await stranger.goto('/login')
    await stranger.getByTestId('language-switcher').selectOption('de')
    // Each guess: the button pressed, and the server's answer to it.
    const guess = async () => {
      const answer = stranger.waitForResponse((r) => r.url().endsWith('/api/auth/login'))
      await stranger.getByRole('button', { name: 'Anmelden' }).click()
      return (await answer).status()
    }
    await stranger.getByLabel('Benutzername oder E-Mail').fill(owner.username)
    await stranger.getByLabel('Passwort').fill('a-wrong-guess')
    for (let i = 0; i < 5; i++) expect(await guess()).toBe(401)
    expect(await guess()).toBe(429)
    await expect(
      stranger
        .getByRole('alert')
        .filter({ hasText: /Zu viele Versuche\. Versuchen Sie es in \d+ Sekunden? erneut\./ }),
    ).toBeVisible()
    await other.close()

    // The owner's browser is known: the right password goes straight in.
    await signInWithForm(page, owner.username, password)
    await expect(page).toHaveURL(/\/dashboard$/)
    await api.dispose()
  })

  test('a guarded page visited anonymously goes to sign-in; without permission, to not-authorized', async ({
    page,
  }) => {
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    await signInWithForm(page, 'client', e2ePassword)
    await expect(page).toHaveURL(/\/pages\/miscellaneous\/not-authorized$/)
    await expect(page.getByRole('heading', { name: 'You are not authorized' })).toBeVisible()
    // A signed-in user is sent away from the sign-in page.
    await page.goto('/login')
    await expect(page).not.toHaveURL(/\/login/)
  })
})

// One server whose access tokens last 3 seconds (a fresh database: migrations and seed), and
// token lifetimes to wait out: well over the default 30 seconds on a busy machine. The test
// that changes the admin's password comes last.
test.describe('a short-lived access token', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.beforeAll(async () => {
    server = await spawnServer({ PORT: '4332', ACCESS_TOKEN_TTL: '3' })
  })
  test.afterAll(() => server.stop())

  /** Signed in, on the password page with all its reads done, once the access token lapsed. */
  async function onPasswordPageTokenLapsed(page: Page) {
    const ownInstitute = page
      .getByLabel('Working in institute')
      .locator('option', { hasText: '(yours)' })
    await page.goto(`${server.url}/login`)
    await signInWithForm(page, 'admin', e2ePassword)
    await expect(page).toHaveURL(/\/dashboard$/)
    // On a busy machine the 3-second token may lapse before the dashboard's reads (the last is
    // the top bar's institute list): their refresh must finish before the next navigation, or
    // that navigation cuts it off.
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible()
    await expect(ownInstitute).toHaveCount(1)
    await page.goto(`${server.url}/profile-password-change`)
    await expect(page.getByTestId('sessions')).toBeVisible()
    // Every read of the page done (the top bar's institute list comes last), so none is under
    // way when the token lapses.
    await expect(ownInstitute).toHaveCount(1)
    const expiry = await accessTokenExpiry(page)
    await expect.poll(() => Date.now() / 1000, { timeout: 10_000 }).toBeGreaterThan(expiry + 0.5)
  }

  test('a token refresh cut off by the network keeps the user signed in, and works once the network is back', async ({
    page,
  }) => {
    await onPasswordPageTokenLapsed(page)
    // The refresh cannot get through.
    let cutOff = 0
    await page.route('**/api/auth/refresh-login', async (route) => {
      cutOff++
      await route.abort('internetdisconnected')
    })
    await page.reload()
    await expect.poll(() => cutOff).toBeGreaterThan(0)
    await expect(page).toHaveURL(/\/profile-password-change$/)
    expect((await page.context().cookies()).map((c) => c.name)).toContain('refreshToken')

    await page.unroute('**/api/auth/refresh-login')
    await page.reload()
    await expect(page.getByTestId('sessions')).toBeVisible()
    await expect(page).toHaveURL(/\/profile-password-change$/)
  })

  test('an expired access token is refreshed once while several requests wait, each replayed once', async ({
    page,
  }) => {
    // Then a page that reads two things at once is loaded.
    await onPasswordPageTokenLapsed(page)

    const calls: string[] = []
    const statuses: Record<string, number[]> = {}
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/api/auth/')) calls.push(`${r.method()} ${path}`)
    })
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      ;(statuses[path] ??= []).push(r.status())
    })
    await page.reload()
    await expect(page.getByTestId('sessions')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()

    const count = (call: string) => calls.filter((c) => c === call).length
    expect(count('POST /api/auth/refresh-login')).toBe(1)
    expect(count('GET /api/auth/refresh-token-generate')).toBe(1)
    // Each read is refused at most once with the expired token and then replayed once; one
    // that starts after the refresh simply goes out with the new token.
    const reads = [statuses['/api/auth/user'], statuses['/api/auth/sessions']]
    for (const seen of reads) expect([[200], [401, 200]]).toContainEqual(seen)
    expect(reads).toContainEqual([401, 200])

    // A form sent with an expired token is sent again, body and all, after the refresh.
    const expiryAgain = await accessTokenExpiry(page)
    await expect
      .poll(() => Date.now() / 1000, { timeout: 10_000 })
      .toBeGreaterThan(expiryAgain + 0.5)
    await page.getByLabel('Current password').fill(e2ePassword)
    await page.getByLabel('New password', { exact: true }).fill('changed-password-77')
    await page.getByLabel('Confirm the new password').fill('changed-password-77')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible()
    expect(count('POST /api/auth/user-password-update')).toBe(2)
    expect(count('POST /api/auth/refresh-login')).toBe(2)
  })
})

test('an admin’s impersonation token signs the browser in as that user', async ({
  page,
  request,
  baseURL,
}) => {
  const login = async (username: string) =>
    (await (
      await request.post(`${baseURL}/api/auth/login`, { data: { username, password: e2ePassword } })
    ).json()) as { access_token: string; userData: { id: string } }
  const admin = await login('admin')
  const client = await login('client')
  const res = await request.post(`${baseURL}/api/auth/impersonate`, {
    data: { user_id: client.userData.id },
    headers: { Authorization: `Bearer ${admin.access_token}` },
  })
  const { access_token } = (await res.json()) as { access_token: string }

  await page.goto(`/impersonation-setup/${access_token}`)
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').username))
    .toBe('client')
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).impersonatedBy),
  ).toBe(admin.userData.id)
  // Acting as the client, the admin's own pages are closed.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/pages\/miscellaneous\/not-authorized$/)
})

test('without "remember me", closing the browser ends the session and forgets the user', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL! })
  const page = await context.newPage()
  await page.goto('/login')
  await signInWithForm(page, 'admin', e2ePassword)
  // A press before the page's app is live is done once it is: on a loaded machine, a while.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 25_000 })
  // Closing the browser drops session cookies; local storage stays.
  const state = await context.storageState()
  await context.close()
  const reopened = await browser.newContext({
    baseURL: baseURL!,
    storageState: { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) },
  })
  const again = await reopened.newPage()
  await again.goto('/dashboard')
  await expect(again).toHaveURL(/\/login\?redirect=/)
  expect(await again.evaluate(() => localStorage.getItem('userData'))).toBeNull()
  await reopened.close()
})
