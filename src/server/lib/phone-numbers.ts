import { getCountries, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max'

/*
 * Phone numbers as a network routes them: E.164 (`+8801711123456`), read with the full metadata
 * of a maintained library (libphonenumber-js) in the country the institute's numbers are
 * written in when they carry no country code.
 */

/** The countries whose numbers can be read (ISO 3166-1 alpha-2). */
export const phoneCountries: readonly string[] = getCountries()

export const isPhoneCountry = (code: string): code is CountryCode => phoneCountries.includes(code)

/** The number in E.164, or undefined when it is no valid number (in `country`, if local). */
export function toE164(written: string, country: string): string | undefined {
  const parsed = parsePhoneNumberFromString(written, isPhoneCountry(country) ? country : undefined)
  return parsed?.isValid() ? parsed.number : undefined
}
