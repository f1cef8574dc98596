import * as v from 'valibot'
import { optionalText, text } from './primitives.ts'

/** Interface languages an institute may choose as its default. */
export const instituteLocales = ['en', 'de', 'fr', 'pt', 'bn'] as const
export type InstituteLocale = (typeof instituteLocales)[number]
export const isInstituteLocale = (value: string): value is InstituteLocale =>
  (instituteLocales as readonly string[]).includes(value)

/** Lowercase letters, digits and single hyphens inside, 3–63 characters: a URL path segment. */
const slugPattern = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,62}$/

/**
 * Slugs no institute may take: words the public paths use after /admission/ (the payment
 * pages, §2) and names that would pass for the platform's own pages.
 */
export const reservedSlugs: ReadonlySet<string> = new Set([
  'admin',
  'admission',
  'api',
  'app',
  'assets',
  'forms',
  'institute',
  'institutes',
  'login',
  'new',
  'payment',
  'public',
  'static',
  'student',
  'www',
])

/** A well-formed ISO 4217 code Intl knows (its list, so BDT, JPY and KWD but not "ABC"). */
const isKnownCurrency = (code: string) =>
  /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code)

/**
 * The currency's minor-unit digits as Intl has them (JPY 0, BDT 2, KWD 3): computed when the
 * currency is chosen and stored with the institute.
 */
export const currencyDigitsOf = (code: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits ?? 2

/** An IANA time zone name Intl accepts ("Asia/Dhaka", "UTC"; not an offset like "+06:00"). */
function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** An institute's slug as typed: trimmed and lowercased, in the shape of `slugPattern`. */
export const SlugSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(slugPattern, 'slug_shape'),
)
export const CurrencySchema = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.check(isKnownCurrency, 'currency_unknown'),
)
export const TimeZoneSchema = v.pipe(v.string(), v.trim(), v.check(isTimeZone, 'timezone_unknown'))

const email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'too_long'))
const emailOrEmpty = v.pipe(
  email,
  v.check((value) => value === '' || v.is(v.pipe(v.string(), v.email()), value), 'invalid_email'),
)
const phoneOrEmpty = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => value === '' || /^\+?[0-9][0-9 -]{5,18}[0-9]$/.test(value), 'invalid_phone'),
)

/** The largest logo file accepted (a request body holds at most 1 MiB). */
export const maxLogoBytes = 1_000_000

export const LogoSchema = v.object({
  /** Public and immutable: a new logo gets a new address. */
  url: v.string(),
  width: v.number(),
  height: v.number(),
})
export type Logo = v.InferOutput<typeof LogoSchema>

/** The logo's public, immutable address: the stored file's own name is its version. */
export function logoOf(row: {
  id: string
  logoKey: string | null
  logoWidth: number | null
  logoHeight: number | null
}): Logo | null {
  if (!row.logoKey || !row.logoWidth || !row.logoHeight) return null
  const version = row.logoKey.split('/').pop()!
  return {
    url: `/api/institutes/logo/${row.id}/${version}`,
    width: row.logoWidth,
    height: row.logoHeight,
  }
}

/** What an institute's settings screen edits. */
export const InstituteSettingsInputSchema = v.object({
  name: text(120, 'institute_name_required'),
  shortName: optionalText(20),
  slug: SlugSchema,
  address: optionalText(500),
  phone: v.optional(phoneOrEmpty, ''),
  email: v.optional(emailOrEmpty, ''),
  currency: CurrencySchema,
  timezone: TimeZoneSchema,
  locale: v.picklist(instituteLocales, 'locale_unknown'),
})
export type InstituteSettingsInput = v.InferInput<typeof InstituteSettingsInputSchema>

export const InstituteSettingsSchema = v.object({
  id: v.string(),
  name: v.string(),
  shortName: v.string(),
  slug: v.string(),
  address: v.string(),
  phone: v.string(),
  email: v.string(),
  currency: v.string(),
  currencyDigits: v.number(),
  timezone: v.string(),
  locale: v.picklist(instituteLocales),
  logo: v.nullable(LogoSchema),
  /** Once vouchers exist the currency stays: their amounts are in it. */
  currencyLocked: v.boolean(),
})
export type InstituteSettings = v.InferOutput<typeof InstituteSettingsSchema>

/** Campus codes: short, upper case, for lists and receipts ("MAIN", "NORTH-2"). */
const campusCodePattern = /^[A-Z0-9][A-Z0-9-]{0,15}$/

export const CampusInputSchema = v.object({
  name: text(120, 'campus_name_required'),
  code: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty('campus_code_required'),
    v.regex(campusCodePattern, 'campus_code_shape'),
  ),
  address: optionalText(500),
  active: v.optional(v.boolean(), true),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999)), 0),
})
export type CampusInput = v.InferInput<typeof CampusInputSchema>

export const CampusSchema = v.object({
  id: v.string(),
  name: v.string(),
  code: v.string(),
  address: v.string(),
  active: v.boolean(),
  position: v.number(),
})
export type Campus = v.InferOutput<typeof CampusSchema>
export const CampusListSchema = v.object({ data: v.array(CampusSchema) })
