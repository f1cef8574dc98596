import { readdirSync, readFileSync } from 'node:fs'
import { setupI18n, type MessageDescriptor } from '@lingui/core'
import { parsePoFile } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { errorMessages, type ErrorCode } from '../../shared/errors/catalogue.ts'
import type { ErrorValues } from '../../shared/schemas/api-error.ts'

const locales = ['en', 'de', 'fr', 'pt', 'bn'] as const
export type Locale = (typeof locales)[number]

const catalogueDir = new URL('../../locales/', import.meta.url)

/**
 * The client's Lingui catalogs, read on the server: what it sends people (a code by SMS, a
 * username by email) is in their language with the same translations the screens use. Only
 * messages with an explicit id are loaded: those are the ones shared with the server.
 */
const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
i18n.setMessagesCompiler(compileMessage)
const loaded = new Set<Locale>(['en'])

function load(locale: Locale) {
  if (loaded.has(locale)) return
  const messages: Record<string, string> = {}
  // Every catalog of the language: the one every page loads and each staff area's.
  const dir = new URL(`${locale}/`, catalogueDir)
  for (const catalog of readdirSync(dir).filter((name) => name.endsWith('.po'))) {
    const file = new URL(catalog, dir)
    for (const item of parsePoFile(readFileSync(file, 'utf8')).items) {
      const translation = item.msgstr[0]
      if (item.msgid.includes('.') && translation) messages[item.msgid] = translation
    }
  }
  i18n.load(locale, messages)
  loaded.add(locale)
}

/** A message in a language, English when there is no translation. */
export function textIn(locale: Locale, message: MessageDescriptor, values?: ErrorValues): string {
  load(locale)
  i18n.activate(locale)
  return i18n._({ ...message, values })
}

/** The English text of a refusal, as `message` and `errors` carry it. */
export const englishText = (code: ErrorCode, values?: ErrorValues) =>
  textIn('en', errorMessages[code], values)

/** The first language of an Accept-Language header this product speaks, else English. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().slice(0, 2).toLowerCase()
    const found = locales.find((l) => l === tag)
    if (found) return found
  }
  return 'en'
}
