import axe from 'axe-core'
import { expect, type Page } from '@playwright/test'

/**
 * What the skin changes: the colours. The dark skin is read for these alone, as names, labels,
 * landmarks and the rest are the same in both skins.
 */
const colourRules = ['color-contrast', 'link-in-text-block']

/**
 * Serious and critical accessibility findings of axe on the page as it is now, one per element:
 * of every rule, or of the rules named.
 */
async function axeFindings(page: Page, only?: string[]): Promise<string[]> {
  // Colours are read once the page has faded in (§9 zoom-fade) and dialogs have opened.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  // axe itself, once per page (the app has no frames), and run in it directly: a third of the
  // time of @axe-core/playwright's builder, which brings it anew for every run.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const options: axe.RunOptions = {
    resultTypes: ['violations'],
    ...(only
      ? { runOnly: { type: 'rule', values: only } }
      : // Experimental in axe, so off unless asked for: a control whose accessible name does
        // not hold its visible text cannot be spoken to by voice control users ("click Copy
        // link").
        { rules: { 'label-content-name-mismatch': { enabled: true } } }),
  }
  return page.evaluate(
    async (options) =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, options)).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) =>
          v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
        ),
    options,
  )
}

/**
 * The findings of `axeFindings` in the light skin and then, for its colours, in the dark one, by
 * skin (none: empty). The skin is switched as the skin toggle does, without a reload: it is the
 * page's `data-skin` and its styles, kept on the device for the next page.
 */
export async function axeFindingsInBothSkins(page: Page): Promise<Record<string, string[]>> {
  const findings: Record<string, string[]> = {}
  for (const skin of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('skin', value)
      document.documentElement.dataset.skin = value
    }, skin)
    const found = await axeFindings(page, skin === 'dark' ? colourRules : undefined)
    await expect(page.locator('html')).toHaveAttribute('data-skin', skin)
    if (found.length > 0) findings[skin] = found
  }
  return findings
}
