import type { Page } from '@playwright/test'

/**
 * Opens a screen of the staff app as its links do (the app's router follows the address, no
 * reload), once the screen shown before has gone.
 */
export async function openInApp(page: Page, path: string) {
  const before = await page.locator('main').getByRole('heading').first().elementHandle()
  await page.evaluate((href) => {
    const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0)
    const key = crypto.randomUUID()
    history.pushState({ __TSR_index: index + 1, key, __TSR_key: key }, '', href)
  }, path)
  if (before) await page.waitForFunction((heading) => !heading.isConnected, before)
}
