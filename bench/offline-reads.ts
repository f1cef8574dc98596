import { chromium, type Page } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../tests/e2e/chromium.ts'
import { signInAs } from '../tests/e2e/session.ts'
import { budgets } from './budgets.ts'
import { median } from './median.ts'
import { benchAdminPassword, startServer } from './server.ts'

const shown = '[data-testid="trial-balance-state"]'
const runs = 7

/** Milliseconds from the document's navigation start until the trial balance is on screen. */
async function reloadToShown(page: Page): Promise<number> {
  await page.reload()
  await page.waitForSelector(shown)
  return page.evaluate(() => (window as unknown as { shownAt: number }).shownAt)
}

/** Milliseconds from a click on "Trial balance" in the menu until it is on screen. */
function menuToShown(page: Page): Promise<number> {
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        const start = performance.now()
        const watch = new MutationObserver(() => {
          if (!document.querySelector(selector)) return
          watch.disconnect()
          resolve(performance.now() - start)
        })
        watch.observe(document.body, { childList: true, subtree: true })
        document.querySelector<HTMLElement>('a[href="/vouchers/trial-balance"]')!.click()
      }),
    shown,
  )
}

/**
 * A reviewer offline: the trial balance read once online, then opened again with no network,
 * by reloading the page and from the menu, until its stored figures are on screen.
 */
export async function offlineReadsBench(verdict: (ok: boolean) => string) {
  const server = await startServer(4393, 'offline')
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow' })
    await signInAs(context, context.request, server.url, 'admin', benchAdminPassword)
    await context.addInitScript((selector) => {
      new MutationObserver((_, watch) => {
        if (!document.querySelector(selector)) return
        ;(window as unknown as { shownAt: number }).shownAt = performance.now()
        watch.disconnect()
      }).observe(document, { childList: true, subtree: true })
    }, shown)
    const page = await context.newPage()
    await page.goto('/vouchers/trial-balance')
    await page.waitForSelector(shown)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.goto('/audits')
    await page.getByRole('heading', { name: 'Audit log' }).waitFor()
    await page.goto('/vouchers/trial-balance')
    await page.waitForSelector(shown)

    await context.setOffline(true)
    const reloads: number[] = []
    const menus: number[] = []
    for (let i = 0; i < runs; i++) {
      reloads.push(await reloadToShown(page))
      await page.locator('a[href="/audits"]').click()
      await page.getByRole('heading', { name: 'Audit log' }).waitFor()
      menus.push(await menuToShown(page))
    }
    const budget = budgets.offlineTrialBalanceMs
    const line = (what: string, xs: number[]) =>
      `  ${what}: median ${median(xs).toFixed(0)} ms (runs ${xs.map((x) => x.toFixed(0)).join(', ')}), ` +
      `budget ${budget} ms  ${verdict(median(xs) <= budget)}`
    console.log('\nThe stored trial balance on screen, offline')
    console.log(line('from the menu', menus))
    console.log(line('full page reload', reloads))
  } finally {
    await browser.close()
    await server.stop()
  }
}
