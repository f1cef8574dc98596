import AxeBuilder from '@axe-core/playwright'
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
  // In the page itself (the app has no frames), without the blank page the builder otherwise
  // opens to merge frame results, and only the violations: each halves the time of a run.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({
      resultTypes: ['violations'],
      ...(only
        ? { runOnly: { type: 'rule', values: only } }
        : // Experimental in axe, so off unless asked for: a control whose accessible name does
          // not hold its visible text cannot be spoken to by voice control users ("click Copy
          // link").
          { rules: { 'label-content-name-mismatch': { enabled: true } } }),
    })
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    )
}

/**
 * The findings of `axeFindings` in the light skin and then, for its colours, in the dark one, by
 * skin (none: empty). The skin is switched as the skin toggle does, without a reload: it is the page's
 * `data-skin` and its styles, kept on the device for the next page.
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
