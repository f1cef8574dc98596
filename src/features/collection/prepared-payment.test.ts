import { describe, expect, it } from 'vitest'
import type { Family, OpenLine } from '../../shared/schemas/collection-payments.ts'
import { emptyDraft, newTender, preparePayment } from './prepared-payment.ts'

const line = (lineId: string, studentId: string, over: Partial<OpenLine> = {}): OpenLine => ({
  lineId,
  invoiceId: `inv-${lineId}`,
  invoiceNumber: `INV-2026-${lineId}`,
  studentId,
  feeHeadName: 'Tuition',
  priority: 1,
  periodName: 'January',
  dueDate: '2026-01-10',
  netMinor: 1000,
  paidMinor: 0,
  dueMinor: 1000,
  fineMinor: 0,
  ...over,
})

const family: Family = {
  asOf: '2026-02-01',
  guardianName: 'Guardian',
  guardianPhone: '01711000000',
  bankAccounts: ['Main bank account'],
  members: [
    {
      studentId: 'elder',
      studentCode: 'S1',
      fullName: 'Elder',
      className: 'Six',
      sectionName: 'A',
      roll: 1,
      advanceMinor: 300,
      lines: [line('e1', 'elder', { fineMinor: 50 })],
    },
    {
      studentId: 'younger',
      studentCode: 'S2',
      fullName: 'Younger',
      className: 'Four',
      sectionName: 'A',
      roll: 2,
      advanceMinor: 0,
      lines: [line('y1', 'younger', { dueDate: '2025-12-10' })],
    },
  ],
}
// A plain parser for the tests: whole minor units as typed.
const parse = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : undefined)

describe('the payment the counter prepares', () => {
  it('pays every line by default, oldest first, with the money received following them', () => {
    const p = preparePayment(family, emptyDraft(), parse)
    expect(p.lines.map((l) => l.lineId)).toEqual(['y1', 'e1'])
    expect(p.dueMinor).toBe(2050)
    expect(p.receivedMinor).toBe(2050)
    expect(p.body).toEqual({
      studentId: 'elder',
      allocations: [
        { lineId: 'y1', fineMinor: 0, principalMinor: 1000 },
        { lineId: 'e1', fineMinor: 50, principalMinor: 1000 },
      ],
      advanceUsed: [],
      toAdvance: null,
      tenders: [
        {
          method: 'cash',
          amountMinor: 2050,
          bankAccount: '',
          reference: '',
          issuer: '',
        },
      ],
    })
  })

  it('spends the advance first, splits the methods, and keeps the rest for the chosen sibling', () => {
    const p = preparePayment(
      family,
      {
        ...emptyDraft(),
        unticked: ['y1'],
        useAdvance: ['elder'],
        amount: '1000',
        advanceTo: 'younger',
        tenders: [
          { ...newTender('cash'), tendered: '500' },
          { ...newTender('card'), amount: '600' },
        ],
      },
      parse,
    )
    expect(p.advanceUsedMinor).toBe(300)
    expect(p.tenderAmounts).toEqual([400, 600])
    expect(p.changeMinor).toBe(100)
    expect(p.restMinor).toBe(250)
    expect(p.body.advanceUsed).toEqual([{ studentId: 'elder', amountMinor: 300 }])
    expect(p.body.toAdvance).toEqual({ studentId: 'younger', amountMinor: 250 })
    expect(p.body.allocations).toEqual([{ lineId: 'e1', fineMinor: 50, principalMinor: 1000 }])
  })

  it('says when the amount typed is no amount, or the other methods take more than it', () => {
    expect(preparePayment(family, { ...emptyDraft(), amount: '12x' }, parse).receivedMinor).toBe(
      undefined,
    )
    const over = preparePayment(
      family,
      {
        ...emptyDraft(),
        amount: '100',
        tenders: [newTender(), { ...newTender('card'), amount: '200' }],
      },
      parse,
    )
    expect(over.tenderAmounts[0]).toBeUndefined()
  })
})
