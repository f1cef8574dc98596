import { describe, expect, it } from 'vitest'
import type { AcademicSession, SchoolClass } from '../../shared/schemas/academic.ts'
import { defaultMapping, defaultSessions, nextSessionId } from './promotion-defaults.ts'

const session = (name: string, isCurrent = false): AcademicSession => ({
  id: `s${name}`,
  name,
  startsOn: `${name}-01-01`,
  endsOn: `${name}-12-31`,
  isCurrent,
  active: true,
  position: 1,
})
const klass = (name: string, position: number, active = true): SchoolClass => ({
  id: `c${name}`,
  name,
  position,
  active,
})

describe('promotion defaults', () => {
  it('goes from the current session to the next one by start date', () => {
    const sessions = [session('2027'), session('2025'), session('2026', true)]
    expect(defaultSessions(sessions)).toEqual({ fromId: 's2026', toId: 's2027' })
    expect(nextSessionId(sessions, 's2025')).toBe('s2026')
    expect(nextSessionId(sessions, 's2027')).toBeUndefined()
    // Without a current one: the last session that has a next one.
    expect(defaultSessions([session('2031'), session('2030')])).toEqual({
      fromId: 's2030',
      toId: 's2031',
    })
    expect(defaultSessions([])).toEqual({ fromId: '', toId: '' })
  })

  it('maps each active class to the next, the last one graduating', () => {
    const classes = [klass('Two', 2), klass('One', 1), klass('Old', 3, false), klass('Three', 4)]
    expect(defaultMapping(classes)).toEqual({ cOne: 'cTwo', cTwo: 'cThree', cThree: 'graduate' })
  })
})
