import { describe, expect, it } from 'vitest'
import { confirmationKind } from './schemas/admission-applications.ts'
import { dateOrderOf, parseTypedDate, regionalLocale } from './typed-date.ts'

describe('dates as people type them', () => {
  it('knows which locales write the day first', () => {
    expect(dateOrderOf('de')).toBe('dmy')
    expect(dateOrderOf('fr')).toBe('dmy')
    expect(dateOrderOf('pt')).toBe('dmy')
    expect(dateOrderOf('en-GB')).toBe('dmy')
    expect(dateOrderOf('en-US')).toBe('mdy')
    expect(dateOrderOf('en')).toBe('mdy')
  })

  it("takes the browser's region when it speaks the app's language", () => {
    expect(regionalLocale('en', ['en-GB', 'de'])).toBe('en-GB')
    expect(regionalLocale('en', ['de-DE', 'en-US'])).toBe('en-US')
    expect(regionalLocale('de', ['en-GB'])).toBe('de')
    expect(regionalLocale('pt', ['pt-BR'])).toBe('pt-BR')
  })

  it('reads 14/03/2015, 14.03.2015, 14-3-2015 and 2015-03-14 as the same day', () => {
    for (const typed of ['14/03/2015', '14.03.2015', '14-3-2015', ' 14. 3. 2015 ', '2015-03-14']) {
      expect(parseTypedDate(typed, 'dmy'), typed).toEqual({ date: '2015-03-14' })
    }
    expect(parseTypedDate('2015/3/14', 'mdy')).toEqual({ date: '2015-03-14' })
  })

  it('reads a date typed in Bengali digits, in the order Bangla writes it', () => {
    expect(dateOrderOf('bn')).toBe('dmy')
    expect(parseTypedDate('১৪/০৩/২০১৫', dateOrderOf('bn'))).toEqual({ date: '2015-03-14' })
  })

  it('reads an ambiguous date in the locale’s order, an unambiguous one whatever the order', () => {
    expect(parseTypedDate('04/03/2015', 'dmy')).toEqual({ date: '2015-03-04' })
    expect(parseTypedDate('04/03/2015', 'mdy')).toEqual({ date: '2015-04-03' })
    expect(parseTypedDate('03/14/2015', 'dmy')).toEqual({ date: '2015-03-14' })
    expect(parseTypedDate('14/03/2015', 'mdy')).toEqual({ date: '2015-03-14' })
  })

  it('tells a date that names no real day from text that is no date at all', () => {
    expect(parseTypedDate('31.02.2015', 'dmy')).toEqual({ date: undefined })
    expect(parseTypedDate('2015-13-01', 'dmy')).toEqual({ date: undefined })
    expect(parseTypedDate('14/14/2015', 'mdy')).toEqual({ date: undefined })
    expect(parseTypedDate('14.03.15', 'dmy')).toBeUndefined()
    expect(parseTypedDate('+880 1711 000111', 'dmy')).toBeUndefined()
    expect(parseTypedDate('March 14, 2015', 'mdy')).toBeUndefined()
  })
})

describe('what an upload’s confirmation is', () => {
  it('is a date of birth as YYYY-MM-DD, or a phone number', () => {
    expect(confirmationKind('2015-03-14')).toBe('date')
    expect(confirmationKind('+880 1711-000111')).toBe('phone')
    expect(confirmationKind('01711000111')).toBe('phone')
  })

  it('is a slip in writing when a date is written otherwise or names no day, or it is neither', () => {
    for (const slip of ['14.03.2015', '14-03-2015', '2015-3-14', '2015-02-31', '14/03/15', 'abc']) {
      expect(confirmationKind(slip), slip).toBeUndefined()
    }
  })
})
