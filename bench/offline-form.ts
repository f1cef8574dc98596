import type { Browser } from '@playwright/test'
import { phone, usable } from './phone.ts'

/**
 * Runs in every document before its own scripts: on each frame the page draws, looks for the
 * first text field that takes typing (the elements with the ARIA role textbox, not read-only,
 * not disabled, on screen) and notes when it is first there, in ms from navigation start.
 * Frames are not drawn while style sheets still block rendering, so "there" means shown.
 */
function watchFirstField() {
  // No named functions inside: tsx would wrap them in a helper (__name) the page does not have.
  const textbox =
    'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], ' +
    'input[type=search], textarea, [role=textbox], [contenteditable=""], [contenteditable=true]'
  const notTypeable =
    '[readonly], :disabled, [aria-disabled=true], [aria-readonly=true], input[list]'
  void (async () => {
    for (;;) {
      await new Promise((frame) => requestAnimationFrame(frame))
      const shown = [...document.querySelectorAll(textbox)].some(
        (el) =>
          !el.matches(notTypeable) &&
          el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
          el.getBoundingClientRect().width > 0,
      )
      if (!shown) continue
      ;(window as unknown as { fieldShownAt: number }).fieldShownAt = performance.now()
      return
    }
  })()
}

interface OfflineForm {
  /** ms per reload until the first text field was on screen; Infinity when it never was. */
  runs: number[]
  /** The field took typing after the last reload. */
  typeable: boolean
}

/**
 * An applicant's repeat visit offline: the form opened once online until the service worker
 * controls the page, then, with no network, the page reloaded `runs` times. Nothing is typed
 * until the last reload, so no stored draft changes what the page shows.
 */
export async function offlineForm(browser: Browser, url: string, runs: number) {
  const context = await browser.newContext({ ...phone, serviceWorkers: 'allow' })
  try {
    await context.addInitScript(watchFirstField)
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 60_000,
    })
    await context.setOffline(true)
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      await page.reload({ waitUntil: 'commit' })
      const shown = await page
        .waitForFunction(
          () => (window as unknown as { fieldShownAt?: number }).fieldShownAt,
          null,
          {
            timeout: 15_000,
          },
        )
        .then(
          (at) => at.jsonValue() as Promise<number>,
          () => Number.POSITIVE_INFINITY,
        )
      times.push(shown)
    }
    return { runs: times, typeable: await usable(page, true) } satisfies OfflineForm
  } finally {
    await context.close()
  }
}
