import { asciiDigits } from './digits.ts'
import { numberFormat } from './intl-formats.ts'

/**
 * Money is an integer number of minor units (cents, paisa) everywhere. These helpers turn it
 * into text without ever passing through a binary floating-point number.
 */

export function minorUnitDigits(currency: string): number {
  return (
    numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  )
}

/** 123456 (BDT) → "1234.56": an exact decimal string Intl can format. */
export function minorToDecimalString(minor: number | bigint, digits: number): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new RangeError(`Money must be a safe integer of minor units, got ${minor}`)
  }
  const n = BigInt(minor)
  const negative = n < 0n
  const abs = (negative ? -n : n).toString().padStart(digits + 1, '0')
  const whole = abs.slice(0, abs.length - digits)
  const fraction = abs.slice(abs.length - digits)
  return `${negative ? '-' : ''}${whole}${digits > 0 ? '.' + fraction : ''}`
}

/**
 * Minor units as money in the locale's conventions. `digits` are the institute's stored
 * minor-unit digits (what its amounts mean); Intl's own are only the fallback.
 */
export function formatMoney(
  minor: number | bigint,
  currency: string,
  locale: string,
  digits = minorUnitDigits(currency),
): string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  // Intl accepts exact decimal strings (Intl.NumberFormat v3); no float conversion happens.
  return format.format(minorToDecimalString(minor, digits) as unknown as number)
}

/**
 * Minor units from an amount typed in major units ("1,250.5" → 125050 for 2 digits), exactly:
 * the digits are read as text, never through a floating-point number. `decimal` is the typist's
 * decimal separator ("," in de, fr and pt: "1.250,5"); the other of "." and "," and spaces
 * group thousands; Bengali digits read as the digits they are. Undefined when the text is not an amount or has more decimals than the
 * currency.
 */
export function parseMajorAmount(
  text: string,
  digits: number,
  decimal: '.' | ',' = '.',
): number | undefined {
  const grouping = decimal === ',' ? /[.\s\u00a0\u202f]/g : /[,\s\u00a0\u202f]/g
  const plain = asciiDigits(text.trim()).replace(grouping, '').replace(decimal, '.')
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(plain)
  if (!match) return undefined
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return undefined
  const minor = Number(match[1] + fraction.padEnd(digits, '0'))
  return Number.isSafeInteger(minor) ? minor : undefined
}

/** A balance (debit minus credit) as an amount and its side. */
export function balanceSide(balance: number): {
  amount: number
  side: 'debit' | 'credit' | undefined
} {
  if (balance === 0) return { amount: 0, side: undefined }
  return balance > 0 ? { amount: balance, side: 'debit' } : { amount: -balance, side: 'credit' }
}
