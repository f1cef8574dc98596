import { describe, expect, it } from 'vitest'
import { isBlock, pastedBlock } from './pasted-block.ts'

describe('pastedBlock', () => {
  it('reads rows and tab-separated cells, whatever the line ends', () => {
    expect(pastedBlock('1,500.00\t200\r\n1,750\t\r\n')).toEqual([
      ['1,500.00', '200'],
      ['1,750', ''],
    ])
    expect(pastedBlock('42')).toEqual([['42']])
  })

  it('tells a block from a single value', () => {
    expect(isBlock('1500\n')).toBe(false)
    expect(isBlock('1500\t200')).toBe(true)
    expect(isBlock('1500\n1600')).toBe(true)
  })
})
