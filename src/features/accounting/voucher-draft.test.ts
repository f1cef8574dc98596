import { describe, expect, it } from 'vitest'
import { freshDraft, isChanged, moneyVoucherLines } from './voucher-draft.ts'

describe('voucher drafts', () => {
  const items = [
    { accountId: 'tuition', amount: 150000, memo: 'March' },
    { accountId: 'fine', amount: 5000, memo: '' },
  ]

  it('receive the total into the money account and credit each item', () => {
    expect(moneyVoucherLines('receipt', 'cash', items)).toEqual([
      { accountId: 'cash', debit: 155000, memo: '' },
      { accountId: 'tuition', credit: 150000, memo: 'March' },
      { accountId: 'fine', credit: 5000, memo: '' },
    ])
  })

  it('pay the total out of the money account and debit each item', () => {
    expect(moneyVoucherLines('payment', 'bank', items)).toEqual([
      { accountId: 'bank', credit: 155000, memo: '' },
      { accountId: 'tuition', debit: 150000, memo: 'March' },
      { accountId: 'fine', debit: 5000, memo: '' },
    ])
  })

  it('count as changed once anything is typed or chosen, not for what was carried over', () => {
    const carry = { type: 'receipt' as const, date: '2026-11-25', moneyAccountId: 'cash' }
    const draft = freshDraft(carry)
    expect(isChanged(draft, carry)).toBe(false)
    expect(isChanged({ ...draft, party: 'Rahim' }, carry)).toBe(true)
    expect(isChanged({ ...draft, type: 'journal' }, carry)).toBe(true)
    const [item] = draft.items
    expect(isChanged({ ...draft, items: [{ ...item!, amount: '5' }] }, carry)).toBe(true)
    // Each fresh draft is a new voucher: a key of its own.
    expect(freshDraft(carry).key).not.toBe(draft.key)
  })
})
