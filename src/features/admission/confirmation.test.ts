import { describe, expect, it } from 'vitest'
import { typedConfirmation } from './confirmation.ts'

describe('the phone or date of birth as the applicant types it', () => {
  it('sends a date typed in the applicant’s order as YYYY-MM-DD', () => {
    expect(typedConfirmation('14.03.2015', 'dmy')).toEqual({ send: '2015-03-14' })
    expect(typedConfirmation('14/03/2015', 'dmy')).toEqual({ send: '2015-03-14' })
    expect(typedConfirmation('04/03/2015', 'dmy')).toEqual({ send: '2015-03-04' })
    expect(typedConfirmation('04/03/2015', 'mdy')).toEqual({ send: '2015-04-03' })
    expect(typedConfirmation(' 2015-03-14 ', 'mdy')).toEqual({ send: '2015-03-14' })
  })

  it('sends a phone number as typed', () => {
    expect(typedConfirmation('+880 1711-000111', 'dmy')).toEqual({ send: '+880 1711-000111' })
    expect(typedConfirmation('01711000111', 'mdy')).toEqual({ send: '01711000111' })
  })

  it('keeps a slip from being sent', () => {
    expect(typedConfirmation('  ', 'dmy')).toEqual({ problem: 'missing' })
    expect(typedConfirmation('31.02.2015', 'dmy')).toEqual({ problem: 'no_such_day' })
    expect(typedConfirmation('14.03.15', 'dmy')).toEqual({ problem: 'shape' })
    expect(typedConfirmation('14 March', 'dmy')).toEqual({ problem: 'shape' })
  })
})
