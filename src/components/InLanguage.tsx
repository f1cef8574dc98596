import { I18nProvider } from '@lingui/react'
import { use, type ReactElement, type ReactNode } from 'react'
import { stringsIn, type Locale } from '../lib/i18n.ts'
import type { StringArea } from '../lib/string-areas.ts'

/**
 * Renders `children` in another language than the screen's (a print's): the strings of
 * `areas`, dates, numbers and money. Suspends while those strings load (a route loader may
 * load them first with stringsIn).
 */
export function InLanguage({
  language,
  areas,
  children,
}: {
  language: Locale
  areas: readonly StringArea[]
  children: ReactNode
}): ReactElement {
  const i18n = use(stringsIn(language, areas))
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>
}
