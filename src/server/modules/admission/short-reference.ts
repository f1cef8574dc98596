import { randomInt } from 'node:crypto'

/**
 * Crockford's base 32: digits and capitals without I, L, O and U, so what is read out on the
 * phone cannot be heard or written as another character.
 */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * The institute's letters in its applicants' references: the initials of its slug's words
 * (`demo-school` → `DS`, at most three), or the first two characters of a one-word slug.
 * The migration that gave older applications a reference (drizzle/0009) does the same.
 */
export function referencePrefix(slug: string): string {
  const words = slug.split('-').filter(Boolean)
  const letters = words.length >= 2 ? words.slice(0, 3).map((w) => w[0]) : [...slug.slice(0, 2)]
  return letters.join('').toUpperCase()
}

/**
 * A short reference for phone calls with the office, `DS-27-4K7Q`: the institute's letters,
 * the two digits of the year it was submitted and four random characters (about a million per
 * institute and year). Unique per institute through an index: a taken one is drawn again.
 * Not a key: the application opens only with its temporaryId.
 */
export function newShortReference(slug: string, year: string): string {
  const random = Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `${referencePrefix(slug)}-${year.slice(-2)}-${random}`
}
