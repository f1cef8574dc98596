import { i18n, type Messages } from '@lingui/core'

export const locales = ['en', 'de', 'fr', 'pt'] as const
export type Locale = (typeof locales)[number]

/**
 * Each language's name in that language, so a visitor can always find their own. Written out:
 * Intl.DisplayNames costs a page's first render about 20 ms for the four.
 */
/* eslint-disable lingui/no-unlocalized-strings -- each name is in its own language, on purpose */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
}
/* eslint-enable lingui/no-unlocalized-strings */

/** The key of the saved choice, in localStorage and as a cookie. */
export const localeKey = 'locale'
type Catalogs = Record<Locale, () => Promise<{ messages: Messages }>>
/** What every page needs: the shell, sign-in, recovery, status pages. */
const catalogs: Catalogs = {
  en: () => import('../locales/en/messages.po'),
  de: () => import('../locales/de/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  pt: () => import('../locales/pt/messages.po'),
}
/** The staff pages' strings, kept off the first load of the public ones. */
const staffCatalogs: Catalogs = {
  en: () => import('../locales/en/staff.po'),
  de: () => import('../locales/de/staff.po'),
  fr: () => import('../locales/fr/staff.po'),
  pt: () => import('../locales/pt/staff.po'),
}
/** Whether the staff strings are wanted: once they are, every language switch brings them. */
let staffWanted = false
const staffLoaded = new Set<Locale>()

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value)

/** The language chosen on this device, if one was. */
export function savedLocale(): Locale | undefined {
  const saved = localStorage.getItem(localeKey)
  return isLocale(saved) ? saved : undefined
}

/** The saved choice, else the browser's first supported language, else English (§1). */
export function initialLocale(): Locale {
  const saved = savedLocale()
  if (saved) return saved
  const preferred = navigator.languages.map((l) => l.slice(0, 2).toLowerCase()).find(isLocale)
  return preferred ?? 'en'
}

/** Loads a language's strings (and the staff's, once wanted) and makes it the active one. */
export async function loadLocale(locale: Locale): Promise<void> {
  const [{ messages }] = await Promise.all([
    catalogs[locale](),
    staffWanted ? loadStaffMessages(locale) : undefined,
  ])
  i18n.load(locale, messages)
  i18n.activate(locale)
}

/**
 * The visitor's language, kept on this device and in a cookie: the server renders the public
 * pages in the language the browser will take them over in.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale)
  localStorage.setItem(localeKey, locale)
  document.cookie = `${localeKey}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
  document.documentElement.lang = locale
}

async function loadStaffMessages(locale: Locale) {
  if (staffLoaded.has(locale)) return
  const { messages } = await staffCatalogs[locale]()
  i18n.load(locale, messages)
  staffLoaded.add(locale)
}

/** Before a signed-in user's page renders: the staff strings of the active language. */
export async function ensureStaffMessages(): Promise<void> {
  staffWanted = true
  const locale = isLocale(i18n.locale) ? i18n.locale : initialLocale()
  await loadStaffMessages(locale)
}

export { i18n }
