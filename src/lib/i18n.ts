import { i18n, type Messages } from '@lingui/core'

export const locales = ['en', 'de', 'fr', 'pt'] as const
export type Locale = (typeof locales)[number]

/** Each language's name in that language, so a visitor can always find their own. */
export function localeName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
}

const storageKey = 'locale'
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  de: () => import('../locales/de/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  pt: () => import('../locales/pt/messages.po'),
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value)

/** The saved choice, else the browser's first supported language, else English (§1). */
export function initialLocale(): Locale {
  const saved = localStorage.getItem(storageKey)
  if (isLocale(saved)) return saved
  const preferred = navigator.languages.map((l) => l.slice(0, 2).toLowerCase()).find(isLocale)
  return preferred ?? 'en'
}

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, messages })
  localStorage.setItem(storageKey, locale)
  document.documentElement.lang = locale
}

export { i18n }
