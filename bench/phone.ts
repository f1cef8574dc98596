import type { BrowserContextOptions, Page } from '@playwright/test'

/** A phone, as an applicant opens the admission link from an SMS. */
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
}

/**
 * The page's first text field that takes typing, found by role so that the figures do not
 * depend on the markup (server-rendered or not); a read-only field (a link to copy) is skipped.
 */
export const firstField = (page: Page) =>
  page.getByRole('textbox').and(page.locator(':not([readonly]):not([disabled])')).first()

/**
 * Whether the page can be used as it stands: its first text field is on screen and takes
 * typing, or, for a page without one, its main heading is on screen.
 */
export async function usable(page: Page, hasField: boolean): Promise<boolean> {
  if (!hasField) return page.getByRole('heading', { level: 1 }).first().isVisible()
  const field = firstField(page)
  if (!(await field.isVisible())) return false
  const typed = 'Bench'
  try {
    await field.pressSequentially(typed, { timeout: 5_000 })
  } catch {
    return false
  }
  return (await field.inputValue()) === typed
}
