import { describe, expect, it } from 'vitest'
import { readOf } from './read-key.ts'

describe('the read a stored copy is kept under', () => {
  it('is one for a list reached from the menu, by a reload of its address, or with its parameters in another order', () => {
    const fromMenu = readOf('students')
    expect(readOf('students?q=&page=1&perPage=10&sortDesc=false')).toBe(fromMenu)
    expect(readOf('students?page=1&perPage=10&sortDesc=false')).toBe(fromMenu)
    expect(readOf('collection/advances?')).toBe('collection/advances')
    expect(readOf('access/audits?area=fees&page=2&action=update')).toBe(
      readOf('access/audits?action=update&page=2&area=fees&q='),
    )
  })

  it('keeps apart what asks for something else', () => {
    expect(readOf('students?page=2')).not.toBe(readOf('students'))
    expect(readOf('students?q=Rahim')).toBe('students?q=Rahim')
    expect(readOf('students?sortBy=fullName&sortDesc=true')).toBe(
      'students?sortBy=fullName&sortDesc=true',
    )
    expect(readOf('admission/forms?perPage=100')).not.toBe(readOf('admission/forms'))
  })
})
