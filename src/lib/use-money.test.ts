import { describe, expect, it } from 'vitest'
import { balanceSide } from './use-money.ts'

describe('balances', () => {
  it('shows a balance as an amount and its side', () => {
    expect(balanceSide(1500)).toEqual({ amount: 1500, side: 'debit' })
    expect(balanceSide(-20)).toEqual({ amount: 20, side: 'credit' })
    expect(balanceSide(0)).toEqual({ amount: 0, side: undefined })
  })
})
