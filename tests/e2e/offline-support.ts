import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'
import { placementOf } from './admission-data.ts'
import { adminHeaders, signInAs } from './session.ts'

/*
 * What the offline reading tests (offline-reads.spec.ts) use: a signed-in browser, records made
 * through the API, and the offline read store as IndexedDB holds it.
 */

export const unique = () => Math.random().toString(36).slice(2, 8)
export const mainMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')
export const banner = (page: Page) => page.getByTestId('stored-data-banner')

/** A new browser (own storage, own IndexedDB) with the demo admin signed in. */
export async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL, 'admin')
  return { context, page: await context.newPage() }
}

/** Chooses an account in a select by its name (options read "GL code · name"). */
export async function chooseAccount(select: Locator, name: string) {
  const value = await select
    .locator('option', { hasText: new RegExp(` · ${name}$`) })
    .getAttribute('value')
  await select.selectOption(value!)
}

/** The demo institute's cash and main bank accounts, from its COA mapping. */
export async function cashAndBank(request: APIRequestContext, baseURL: string) {
  const headers = await adminHeaders(request, baseURL)
  const res = await request.get(`${baseURL}/api/accounting/coa-mapping`, { headers })
  const { data } = (await res.json()) as { data: { purpose: string; accountId: string }[] }
  const cash = data.find((m) => m.purpose === 'cash')!.accountId
  const bank = data.find((m) => m.purpose === 'bank')!.accountId
  return { headers, cash, bank }
}

/** A journal voucher moving money from the bank to cash today, made through the API. */
export async function postVoucher(request: APIRequestContext, baseURL: string, narration: string) {
  const { headers, cash, bank } = await cashAndBank(request, baseURL)
  const res = await request.post(`${baseURL}/api/accounting/vouchers`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      type: 'journal',
      date: new Date().toISOString().slice(0, 10),
      narration,
      lines: [
        { accountId: cash, debit: 4200 },
        { accountId: bank, credit: 4200 },
      ],
    },
  })
  expect(res.status()).toBe(201)
}

/** An application to a form of its own, and the staff's id for it. */
export async function applicant(request: APIRequestContext, baseURL: string, name: string) {
  const headers = await adminHeaders(request, baseURL)
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const form = await request.post(`${baseURL}/api/admission/forms`, {
    headers,
    data: {
      title: `Reviewed offline ${name}`,
      ...(await placementOf(request, baseURL, headers, { className: 'Three' })),
      opensOn: day(-1),
      closesOn: day(10),
      fee: 0,
      requiredFields: [],
      questions: [],
      attachments: [],
      instructions: '',
    },
  })
  const { id: formId } = (await form.json()) as { id: string }
  await request.post(`${baseURL}/api/admission/forms/${formId}/publish`, { headers })
  const sent = await request.post(
    `${baseURL}/api/admission/public/demo-school/forms/${formId}/applications`,
    {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: { fields: { applicantName: name, phone: '+880 1711 000444' } },
    },
  )
  expect(sent.ok()).toBe(true)
  const list = await request.get(
    `${baseURL}/api/admission/applicants?q=${encodeURIComponent(name)}`,
    { headers },
  )
  const { data } = (await list.json()) as { data: { id: string }[] }
  return data[0]!.id
}

/** The stored reads as IndexedDB holds them, read without the app's code. */
interface Stored {
  key: string
  endpoint: string
  params: string
  screen: string
  size: number
  userId: string
  fetchedAt: number
  pinned: 0 | 1
}

export function storedReads(page: Page): Promise<Stored[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('institute-office')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const read = db.transaction('reads').objectStore('reads').getAll()
          read.onsuccess = () => {
            resolve(read.result)
            db.close()
          }
          read.onerror = () => reject(read.error)
        }
      }),
  )
}

/** What the page says (warnings, errors, failed requests), to print with a failure. */
export function pageTalk(page: Page): string[] {
  const said: string[] = []
  page.on('console', (m) => m.type() !== 'log' && said.push(`${m.type()}: ${m.text()}`))
  page.on('pageerror', (e) => said.push(`pageerror: ${e.message}`))
  page.on('requestfailed', (r) => said.push(`failed: ${r.url()} ${r.failure()?.errorText}`))
  return said
}

/** A failure with what the device kept and what the page said: why a screen is missing. */
export async function withWhatWasKept(page: Page, said: string[], failure: unknown) {
  const kept = (await storedReads(page)).map(
    (r) => `${r.screen} ${r.endpoint}?${r.params} ${r.size} B at ${r.fetchedAt}`,
  )
  const text = `${(failure as Error).message}\n--- kept:\n${kept.join('\n')}\n--- said:\n${said.slice(-40).join('\n')}`
  return new Error(text, { cause: failure })
}

export async function storedEndpoints(page: Page) {
  return (await storedReads(page)).map((r) => r.endpoint)
}

export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

/** Counts the API requests the page attempts from now on. */
export function countApiRequests(page: Page) {
  const counter = { n: 0 }
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) counter.n += 1
  })
  return counter
}

/**
 * The trial balance as a new browser's first page, while its service worker precaches the whole
 * app beside the suite's other browsers: on two busy cores it has shown 11 s and more after its
 * address was opened.
 */
export async function openTrialBalanceFirst(page: Page) {
  await page.goto('/vouchers/trial-balance')
  await expect(page.getByTestId('trial-balance-state')).toBeVisible({ timeout: 30_000 })
}
