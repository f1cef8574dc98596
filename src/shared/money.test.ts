import { describe, expect, it } from 'vitest'
import {
  balanceSide,
  formatMoney,
  minorToDecimalString,
  minorUnitDigits,
  parseMajorAmount,
} from './money.ts'

describe('money', () => {
  it('turns minor units into an exact decimal string', () => {
    expect(minorToDecimalString(123456, 2)).toBe('1234.56')
    expect(minorToDecimalString(5, 2)).toBe('0.05')
    expect(minorToDecimalString(-5, 2)).toBe('-0.05')
    expect(minorToDecimalString(0, 2)).toBe('0.00')
    expect(minorToDecimalString(1234, 0)).toBe('1234')
    expect(minorToDecimalString(9007199254740991, 2)).toBe('90071992547409.91')
    expect(minorToDecimalString(123456789012345678901234567890n, 3)).toBe(
      '123456789012345678901234567.890',
    )
  })

  it('refuses amounts that are not whole minor units', () => {
    expect(() => minorToDecimalString(10.5, 2)).toThrow(RangeError)
    expect(() => minorToDecimalString(Number.MAX_SAFE_INTEGER + 2, 2)).toThrow(RangeError)
  })

  it('knows how many minor digits a currency has', () => {
    expect(minorUnitDigits('BDT')).toBe(2)
    expect(minorUnitDigits('JPY')).toBe(0)
    expect(minorUnitDigits('KWD')).toBe(3)
  })

  it('formats for the active language without losing a cent', () => {
    const nbsp = /\u00a0|\u202f/g
    expect(formatMoney(123456, 'EUR', 'de').replace(nbsp, ' ')).toBe('1.234,56 €')
    expect(formatMoney(123456, 'EUR', 'fr').replace(nbsp, ' ')).toBe('1 234,56 €')
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56')
    expect(formatMoney(-99, 'USD', 'en')).toBe('-$0.99')
    expect(formatMoney(9007199254740991, 'USD', 'en')).toBe('$90,071,992,547,409.91')
  })

  it('formats with the digits the institute stored, whatever Intl says of the currency', () => {
    const nbsp = /\u00a0|\u202f/g
    expect(formatMoney(1500, 'JPY', 'en', 0)).toBe('¥1,500')
    expect(formatMoney(1500, 'KWD', 'en', 3).replace(nbsp, ' ')).toBe('KWD 1.500')
    // Amounts stored as whole taka (0 digits) stay whole taka; no cents are made up.
    expect(formatMoney(1500, 'BDT', 'en', 0).replace(nbsp, ' ')).toBe('BDT 1,500')
  })
})

describe('parseMajorAmount', () => {
  it('reads typed amounts into exact minor units', () => {
    expect(parseMajorAmount('1,250.5', 2)).toBe(125050)
    expect(parseMajorAmount('0.07', 2)).toBe(7)
    expect(parseMajorAmount('19.99', 2)).toBe(1999)
    expect(parseMajorAmount('500', 0)).toBe(500)
  })
  it('reads the decimal comma of de, fr and pt', () => {
    expect(parseMajorAmount('12,50', 2, ',')).toBe(1250)
    expect(parseMajorAmount('1.250,5', 2, ',')).toBe(125050)
    expect(parseMajorAmount('1 250,05', 2, ',')).toBe(125005)
  })
  it('reads Bengali digits as a Bangla keyboard types them', () => {
    expect(parseMajorAmount('১,২৫,০৫০.৫', 2)).toBe(12505050)
    expect(parseMajorAmount('৫০০', 0)).toBe(500)
  })
  it('refuses what is not an amount of this currency', () => {
    expect(parseMajorAmount('1.005', 2)).toBeUndefined()
    expect(parseMajorAmount('-5', 2)).toBeUndefined()
    expect(parseMajorAmount('abc', 2)).toBeUndefined()
    expect(parseMajorAmount('', 2)).toBeUndefined()
  })
})

describe('balances', () => {
  it('shows a balance as an amount and its side', () => {
    expect(balanceSide(1500)).toEqual({ amount: 1500, side: 'debit' })
    expect(balanceSide(-20)).toEqual({ amount: 20, side: 'credit' })
    expect(balanceSide(0)).toEqual({ amount: 0, side: undefined })
  })
})
