import { expect, test } from '@playwright/test'
import { axeFindingsInBothSkins } from './axe.ts'
import {
  adminPage,
  applicant,
  banner,
  cashAndBank,
  chooseAccount,
  controlledByServiceWorker,
  countApiRequests,
  mainMenu,
  openTrialBalanceFirst,
  pageTalk,
  postVoucher,
  storedEndpoints,
  storedReads,
  unique,
  withWhatWasKept,
} from './offline-support.ts'

// What this file tries needs the app's service worker (off by default: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/*
 * A reviewer reads the books online, then without a network: every screen read once opens
 * again from the offline read store with the time it was fetched, never in a request loop.
 */

test('a reviewer reads the books online, then offline: each screen opens with its stored figures and time, navigating works, nothing loops, and back online the figures refresh', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  const applicantName = `Offline Reviewee ${run}`
  const applicantId = await applicant(request, baseURL!, applicantName)
  const firstNarration = `Float for the exam week ${run}`
  await postVoucher(request, baseURL!, firstNarration)
  const { cash } = await cashAndBank(request, baseURL!)

  const { context, page } = await adminPage(browser, baseURL!)

  // Online: the trial balance, the cash ledger, the audit log and the applicant.
  const stored = (endpoint: string) => expect.poll(() => storedEndpoints(page)).toContain(endpoint)
  await openTrialBalanceFirst(page)
  const trialBalance = await page.getByRole('table').innerText()
  await controlledByServiceWorker(page)
  await stored('accounting/trial-balance')
  const ledgerUrl = `/vouchers/ledger?accountId=${cash}`
  await page.goto(ledgerUrl)
  await expect(page.getByText(firstNarration)).toBeVisible()
  await stored('accounting/ledger')
  await page.goto('/audits')
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  const firstAudit = await page.getByRole('row').nth(1).innerText()
  await stored('access/audits')
  await page.goto(`/admission-applicants/${applicantId}`)
  await expect(page.getByRole('heading', { name: applicantName })).toBeVisible()
  await expect(banner(page)).toBeHidden()
  await stored(`admission/applicants/${applicantId}`)

  // Offline: each page reloads (a full page load) from the store, with the time it was read.
  await context.setOffline(true)
  const requests = countApiRequests(page)
  const pages: [string, () => Promise<void>][] = [
    [
      '/vouchers/trial-balance',
      async () => expect.poll(() => page.getByRole('table').innerText()).toBe(trialBalance),
    ],
    [ledgerUrl, async () => expect(page.getByText(firstNarration)).toBeVisible()],
    [
      '/audits',
      async () => expect.poll(() => page.getByRole('row').nth(1).innerText()).toBe(firstAudit),
    ],
    [
      `/admission-applicants/${applicantId}`,
      async () => expect(page.getByRole('heading', { name: applicantName })).toBeVisible(),
    ],
  ]
  for (const [url, shows] of pages) {
    requests.n = 0
    await page.goto(url)
    await shows()
    await expect(banner(page)).toContainText(/Offline — shown as it was on .*\d{1,2}:\d{2}/)
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
    // Time for any loop to show itself.
    await page.waitForTimeout(1500)
    expect(requests.n, `API requests offline on ${url}`).toBeLessThan(10)
  }

  // Navigating offline from the menu: the new page, never the old one under a new address.
  requests.n = 0
  await mainMenu(page).filter({ hasText: 'Trial balance' }).click()
  await expect(page.getByRole('heading', { name: 'Trial balance' })).toBeVisible()
  await expect.poll(() => page.getByRole('table').innerText()).toBe(trialBalance)
  await mainMenu(page).filter({ hasText: 'Audit log' }).click()
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  await expect(banner(page)).toBeVisible()
  // A page never opened online says so in its place, inside the app.
  await mainMenu(page).filter({ hasText: 'Roles and permissions' }).click()
  await expect(page.getByTestId('not-available-offline')).toContainText('Not available offline')
  await expect(page.getByRole('heading', { name: 'Audit log' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  await page.waitForTimeout(1500)
  expect(requests.n).toBeLessThan(10)

  // Back online, the page on screen refreshes by itself: a voucher posted meanwhile appears.
  await page.goto(ledgerUrl)
  await expect(banner(page)).toBeVisible()
  const secondNarration = `Second float ${run}`
  await postVoucher(request, baseURL!, secondNarration)
  await expect(page.getByText(secondNarration)).toHaveCount(0)
  await context.setOffline(false)
  await expect(page.getByText(secondNarration)).toBeVisible()
  await expect(banner(page)).toBeHidden()

  // The server unreachable while the network is up: the stored copy, then Refresh once it is back.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'))
  await page.reload()
  await expect(page.getByText(secondNarration)).toBeVisible()
  await expect(banner(page)).toContainText('The server is not answering')
  const thirdNarration = `Third float ${run}`
  await postVoucher(request, baseURL!, thirdNarration)
  await page.unroute('**/api/**')
  await banner(page).getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByText(thirdNarration)).toBeVisible()
  await expect(banner(page)).toBeHidden()

  // Signing out empties the store (a shared institute PC).
  expect((await storedReads(page)).length).toBeGreaterThan(0)
  await page.getByRole('link', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => storedReads(page)).toEqual([])
  await context.close()
})

/** The screens users found "Not available offline" after a reload or from the menu. */
const reloaded = [
  '/students',
  '/audits',
  '/advance-override',
  '/oisacl-roles',
  '/admission-applicants',
]

test('every staff screen opened once opens offline, reached from the menu or by a reload', async ({
  browser,
  baseURL,
}) => {
  // Forty screens online and offline: 2.6 min on two cores shared with another suite.
  test.setTimeout(300_000)
  const { context, page } = await adminPage(browser, baseURL!)
  // A screen's reads have all come back once none is on its way and none has started or ended
  // for a moment: a read that depends on another starts only after a render, when none may be
  // on its way for an instant (on a busy machine, long enough to be taken for the end).
  const inFlight = new Set<string>()
  let lastActivity = Date.now()
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/')
  const seen = (change: () => void) => {
    change()
    lastActivity = Date.now()
  }
  page.on('request', (r) => isApi(r.url()) && seen(() => inFlight.add(r.url())))
  page.on('requestfinished', (r) => seen(() => inFlight.delete(r.url())))
  page.on('requestfailed', (r) => seen(() => inFlight.delete(r.url())))
  const settled = () => inFlight.size === 0 && Date.now() - lastActivity > 750
  const unavailable = page.getByTestId('not-available-offline')
  const failed = page.getByRole('heading', { name: 'Something went wrong' })
  await page.goto('/dashboard')
  await controlledByServiceWorker(page)
  const links = mainMenu(page)
  await expect(links.first()).toBeVisible()
  const screens = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
  const menuLink = (href: string) => page.locator(`nav[aria-label="Main menu"] a[href="${href}"]`)
  // The menu's links go by the address alone: a dropdown's closed list is clicked all the same.
  const viaMenu = (href: string) => menuLink(href).dispatchEvent('click')
  const said = pageTalk(page)
  const opened = async (href: string, how: string) => {
    try {
      await expect(page, how).toHaveURL(new RegExp(`${href}(\\?|$)`))
      await expect(menuLink(href), how).toHaveClass(/active/)
      await expect(unavailable, how).toHaveCount(0)
      await expect(failed, how).toHaveCount(0)
      await expect(page.locator('main h1').first(), how).toBeVisible()
    } catch (e) {
      throw await withWhatWasKept(page, said, e)
    }
  }

  // Online, each screen once, from the menu, until its reads have all come back. The address
  // and the menu change as the navigation starts, while the last screen is still shown: the
  // new screen's heading says its reads have come back (and been kept: a read is kept before
  // it is shown).
  const heading = page.locator('main h1').first()
  let last = ''
  for (const href of screens) {
    await viaMenu(href)
    if (last) await expect(heading, `${href} replaces ${last}`).not.toHaveText(last)
    await opened(href, `${href} online`)
    last = (await heading.textContent()) ?? ''
    // Looked at every 100 ms: the default's 1-second steps add up over forty screens.
    await expect.poll(settled, { message: `${href} settles`, intervals: [100] }).toBe(true)
  }

  // Offline, each again from the menu; the screens reported missing after a reload (each a
  // full page load from the service worker, too slow to repeat for all forty) by a reload too.
  await context.setOffline(true)
  for (const href of screens) {
    await viaMenu(href)
    await opened(href, `${href} offline from the menu`)
    if (!reloaded.includes(href)) continue
    await page.reload()
    await opened(href, `${href} offline after a reload`)
  }
  await context.close()
})

test('a slow server: the stored figures appear after a few seconds, then the server’s own', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  const { cash } = await cashAndBank(request, baseURL!)
  const { context, page } = await adminPage(browser, baseURL!)
  const ledgerUrl = `/vouchers/ledger?accountId=${cash}`
  await page.goto(ledgerUrl)
  await expect(page.getByRole('heading', { name: 'General ledger' })).toBeVisible()
  await expect.poll(() => storedEndpoints(page)).toContain('accounting/ledger')

  // Every ledger request now takes 20 seconds; a voucher posted meanwhile is in its answer.
  // The stored copy shows 4 s after the request went out, which a loaded machine's start of
  // the app (a few seconds more) delays: the margins are wide, the order is what is checked.
  const narration = `Slow network float ${run}`
  await postVoucher(request, baseURL!, narration)
  await page.route('**/api/accounting/ledger**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 20_000))
    await route.continue().catch(() => undefined)
  })
  await page.reload()
  await expect(banner(page)).toContainText('The server is not answering', { timeout: 15_000 })
  await expect(page.getByText(narration)).toHaveCount(0)
  await expect(page.getByText(narration)).toBeVisible({ timeout: 30_000 })
  await expect(banner(page)).toBeHidden()
  await context.close()
})

test('offline, a change is refused at once and the form keeps what was typed', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await adminPage(browser, baseURL!)
  await page.goto('/vouchers')
  await page.getByRole('button', { name: 'New voucher' }).click()
  const form = page.getByRole('dialog', { name: 'New voucher' })
  const narration = `Typed while the network dropped ${unique()}`
  await form.getByLabel('Voucher type').selectOption('journal')
  await form.getByLabel('Narration').fill(narration)
  await chooseAccount(form.getByLabel('Account, line 1'), 'Cash in hand')
  await form.getByLabel('Debit, line 1').fill('10')
  await chooseAccount(form.getByLabel('Account, line 2'), 'Main bank account')
  await form.getByLabel('Credit, line 2').fill('10')

  await context.setOffline(true)
  const changes: string[] = []
  page.on('request', (req) => {
    if (req.method() !== 'GET') changes.push(req.url())
  })
  await form.getByRole('button', { name: 'Save voucher' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'You are offline, so nothing was sent.' }),
  ).toBeVisible()
  await expect(form.getByLabel('Narration')).toHaveValue(narration)
  await expect(form.getByLabel('Debit, line 1')).toHaveValue('10')
  expect(changes).toEqual([])

  // Back online, the same form is sent as it is.
  await context.setOffline(false)
  await form.getByRole('button', { name: 'Save voucher' }).click()
  await expect(form.getByText(/was saved; the form is ready for the next voucher/)).toBeVisible()
  await form.getByRole('button', { name: 'Done' }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: narration })).toBeVisible()
  await context.close()
})

test('another user on the same PC finds nothing of the previous one', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await adminPage(browser, baseURL!)
  await page.goto('/audits')
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  await expect.poll(async () => (await storedReads(page)).length).toBeGreaterThan(0)
  // The browser is closed on a session without "remember me": its cookies go, the rest stays
  // until the app starts again, which forgets it before anyone signs in.
  await context.clearCookies()
  await page.goto('/login')
  await expect.poll(() => storedReads(page)).toEqual([])
  await context.close()
})

test('"Saved for offline" lists what is kept with its size; a pinned page is refreshed when the network returns, a removed one is gone', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await adminPage(browser, baseURL!)
  await openTrialBalanceFirst(page)
  await page.goto('/audits')
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  await expect.poll(() => storedEndpoints(page)).toContain('access/audits')

  await page.getByRole('link', { name: 'Saved for offline' }).click()
  await expect(page.getByRole('heading', { name: 'Saved for offline' })).toBeVisible()
  const rows = page.getByTestId('saved-read')
  const trialBalance = rows.filter({ hasText: 'Trial balance' })
  await expect(trialBalance).toContainText(/asOf \d{4}-\d{2}-\d{2}/)
  await expect(trialBalance).toContainText(/\d kB/)
  await expect(rows.filter({ hasText: 'Audit log' }).first()).toBeVisible()

  // The box shows what the store holds, so it turns checked once the pin is written.
  const pin = trialBalance.getByRole('checkbox', { name: 'Pin Trial balance' })
  await pin.click()
  await expect(pin).toBeChecked()
  await expect
    .poll(async () =>
      (await storedReads(page)).find((r) => r.endpoint === 'accounting/trial-balance'),
    )
    .toMatchObject({ pinned: 1 })
  // The log and its filters are two reads of the page: each is removed on its own.
  const auditLog = rows.filter({ hasText: 'Audit log' })
  await expect(auditLog).toHaveCount(2)
  await auditLog.first().getByRole('button', { name: 'Remove Audit log' }).click()
  await expect(auditLog).toHaveCount(1)
  await auditLog.getByRole('button', { name: 'Remove Audit log' }).click()
  await expect(auditLog).toHaveCount(0)
  expect(await storedEndpoints(page)).not.toContain('access/audits')

  // The network drops and returns: the pinned page is fetched again without being opened.
  const before = (await storedReads(page)).find((r) => r.endpoint === 'accounting/trial-balance')!
  await context.setOffline(true)
  await context.setOffline(false)
  await expect
    .poll(
      async () =>
        (await storedReads(page)).find((r) => r.endpoint === 'accounting/trial-balance')!.fetchedAt,
    )
    .toBeGreaterThan(before.fetchedAt)
  await context.close()
})

test('after one online visit, any staff page opens offline in any language', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await adminPage(browser, baseURL!)
  await page.goto('/dashboard')
  await controlledByServiceWorker(page)
  await context.setOffline(true)
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de')
  // The choice is kept once the German strings are in (offline: from the precache).
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toBeVisible()
  await page.goto('/coa-config')
  await expect(page.getByTestId('not-available-offline')).toContainText('Offline nicht verfügbar')
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Kontenplan', exact: true }),
  ).toBeVisible()
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('pt')
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible()
  await page.goto('/vouchers/trial-balance')
  await expect(page.getByTestId('not-available-offline')).toContainText('Não disponível offline')
  await context.close()
})

test('the offline screens pass axe in the light and the dark skin', async ({
  browser,
  baseURL,
}) => {
  // Three screens, each read by axe twice.
  test.slow()
  const { context, page } = await adminPage(browser, baseURL!)
  await openTrialBalanceFirst(page)
  await expect.poll(() => storedEndpoints(page)).toContain('accounting/trial-balance')
  await page.goto('/saved-offline')
  await expect(page.getByTestId('saved-read').first()).toBeVisible()
  expect(await axeFindingsInBothSkins(page)).toEqual({})

  await controlledByServiceWorker(page)
  await context.setOffline(true)
  await page.goto('/vouchers/trial-balance')
  await expect(banner(page)).toBeVisible()
  expect(await axeFindingsInBothSkins(page)).toEqual({})
  await mainMenu(page).filter({ hasText: 'Roles and permissions' }).click()
  await expect(page.getByTestId('not-available-offline')).toBeVisible()
  expect(await axeFindingsInBothSkins(page)).toEqual({})
  await context.close()
})
