import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core'
import type { StringArea } from './string-areas.ts'

export const locales = ['en', 'de', 'fr', 'pt', 'bn'] as const
export type Locale = (typeof locales)[number]

/**
 * Each language's name in that language, so a visitor can always find their own. Written out:
 * Intl.DisplayNames costs a page's first render about 20 ms for the five.
 */
/* eslint-disable lingui/no-unlocalized-strings -- each name is in its own language, on purpose */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
  bn: 'বাংলা',
}
/* eslint-enable lingui/no-unlocalized-strings */

/** The key of the saved choice, in localStorage and as a cookie. */
export const localeKey = 'locale'
type Catalogs = Record<Locale, () => Promise<{ messages: Messages }>>
/** What every page needs, public or staff: the frame, sign-in, status pages, the applicants' pages. */
const catalogs: Catalogs = {
  en: () => import('../locales/en/messages.po'),
  de: () => import('../locales/de/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  pt: () => import('../locales/pt/messages.po'),
  bn: () => import('../locales/bn/messages.po'),
}
/**
 * The staff areas' strings, each kept off every first load but its own pages' (see
 * string-areas.ts): `../locales/<locale>/<area>.po`.
 */
const areaCatalogs = import.meta.glob<{ messages: Messages }>([
  '../locales/*/*.po',
  '!../locales/*/messages.po',
])
/**
 * A catalog's download, tried again once a moment later when the network dropped it: strings
 * missing would fail the whole page ("Something went wrong") on one lost request. The browser
 * keeps no failed import, so the second try fetches afresh.
 */
function fetchedAgainOnce<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => new Promise((wait) => setTimeout(wait, 300)).then(load))
}

/**
 * A catalog besides the common one: a staff area's, or `staff`, the staff app's own common
 * strings (its menus, tables, filters and account screens: lingui.config.ts).
 */
type ExtraCatalog = StringArea | 'staff'

/** The areas whose strings are wanted: once they are, every language switch brings them. */
const wantedAreas = new Set<ExtraCatalog>()
const loadedAreas = new Set<string>()

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value)

/** The language chosen on this device, if one was. */
function savedLocale(): Locale | undefined {
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

/**
 * Loads a language's strings (and the staff's and the areas', once wanted, and the `areas`
 * given) and makes it the active one. In the browser the refusals' words are fetched in the
 * background (see loadErrorStrings).
 */
export async function loadLocale(locale: Locale, areas: readonly StringArea[] = []): Promise<void> {
  const [{ messages }] = await Promise.all([
    fetchedAgainOnce(catalogs[locale]),
    ...[...wantedAreas, ...areas].map((area) => loadArea(area, locale)),
  ])
  i18n.load(locale, messages)
  i18n.activate(locale)
  if (typeof window !== 'undefined') {
    void fetchedAgainOnce(areaCatalogs[`../locales/${locale}/errors.po`]!).catch(() => undefined)
  }
}

/**
 * The refusals' words (`error.<code>`, `../locales/<locale>/errors.po`) in the active language:
 * nearly half the common strings, so no page's first load waits for them. They are fetched as
 * a page comes up (loadLocale) and taken into the strings once the app has rendered (main.tsx)
 * or a public page is live (use-page-takeover.ts), or when a refusal shows first: never while a
 * page hydrates. A refusal shown before says the server's words (or a general line), then
 * renders again in the user's language. The server renders pages without them, as the browser
 * first hydrates them.
 */
export function loadErrorStrings(): Promise<void> {
  const locale = i18n.locale
  if (typeof window === 'undefined' || !isLocale(locale)) return Promise.resolve()
  const path = `../locales/${locale}/errors.po`
  if (loadedAreas.has(path)) return Promise.resolve()
  loadedAreas.add(path)
  return fetchedAgainOnce(areaCatalogs[path]!).then(
    ({ messages }) => i18n.load(locale, messages),
    () => {
      // Offline and never fetched: asked for again by the next refusal.
      loadedAreas.delete(path)
    },
  )
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

async function loadArea(area: ExtraCatalog, locale: Locale) {
  const path = `../locales/${locale}/${area}.po`
  if (loadedAreas.has(path)) return
  const { messages } = await fetchedAgainOnce(areaCatalogs[path]!)
  i18n.load(locale, messages)
  loadedAreas.add(path)
}

/** Called once by the staff app before its first render: its own strings, in every language. */
export function wantStaffStrings() {
  wantedAreas.add('staff')
}

/** Strings of areas a page shows, in every language the user switches to from now on. */
export function wantAreaStrings(areas: readonly StringArea[]) {
  for (const area of areas) wantedAreas.add(area)
}

/** Before a signed-in user's page renders: the strings of the areas it shows. */
export async function ensureAreaStrings(areas: readonly StringArea[]): Promise<void> {
  wantAreaStrings(areas)
  const locale = isLocale(i18n.locale) ? i18n.locale : initialLocale()
  await Promise.all(areas.map((area) => loadArea(area, locale)))
}

const printStrings = new Map<string, Promise<I18n>>()

/**
 * A language's strings in an instance of their own, apart from the app's: what prints in another
 * language than the screen's (an invoice in the institute's language) renders inside an
 * `I18nProvider` of it. The common catalog and the named areas', loaded once per language.
 */
export function stringsIn(locale: Locale, areas: readonly StringArea[]): Promise<I18n> {
  const wanted: ExtraCatalog[] = wantedAreas.has('staff') ? [...areas, 'staff'] : [...areas]
  const key = `${locale}:${wanted.sort().join(',')}`
  let loading = printStrings.get(key)
  if (!loading) {
    loading = Promise.all([
      fetchedAgainOnce(catalogs[locale]),
      ...wanted.map((area) => fetchedAgainOnce(areaCatalogs[`../locales/${locale}/${area}.po`]!)),
    ]).then((loaded) => {
      const instance = setupI18n()
      instance.load(locale, Object.assign({}, ...loaded.map((l) => l.messages)) as Messages)
      instance.activate(locale)
      return instance
    })
    loading.catch(() => printStrings.delete(key))
    printStrings.set(key, loading)
  }
  return loading
}

export { i18n }
