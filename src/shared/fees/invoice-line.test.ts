import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Concession } from './concession.ts'
import { computeInvoiceLine, type InvoiceLineInput } from './invoice-line.ts'
import type { VatRate } from './vat.ts'

const vat = (rateBp: number, inclusive: boolean, effectiveFrom = '2026-01-01'): VatRate => ({
  id: `vat-${rateBp}-${effectiveFrom}`,
  rateBp,
  inclusive,
  effectiveFrom,
})
const input = (extra: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  configuredAmount: 10_000,
  override: null,
  concessions: [],
  vatHistory: [],
  issueDate: '2026-07-01',
  ...extra,
})
const compute = (extra: Partial<InvoiceLineInput> = {}) => {
  const result = computeInvoiceLine(input(extra))
  if (!result.ok) throw new Error(result.code)
  return result.line
}
const sibling = { id: 'sibling', kind: 'percent', rateBp: 1_000, category: 'sibling' } as const

describe('an invoice line', () => {
  it('without concession or VAT asks the configured amount', () => {
    expect(compute()).toMatchObject({
      gross: 10_000,
      concession: 0,
      vat: 0,
      net: 10_000,
      income: 10_000,
    })
    expect(compute().explanation).toEqual({
      gross: { source: 'configured', amount: 10_000 },
      concessions: [],
      vat: null,
    })
  })

  it('takes the student’s override instead of the configured amount, and says so', () => {
    const line = compute({ override: 7_500 })
    expect(line.gross).toBe(7_500)
    expect(line.explanation.gross).toEqual({ source: 'override', amount: 7_500 })
    expect(compute({ override: 0 }).net).toBe(0)
  })

  it('exclusive VAT is charged on what the concession leaves, and added to it', () => {
    const line = compute({ concessions: [sibling], vatHistory: [vat(1_500, false)] })
    expect(line).toMatchObject({
      gross: 10_000,
      concession: 1_000,
      vat: 1_350,
      net: 10_350,
      income: 10_000,
    })
    expect(line.explanation.vat).toEqual({ rate: vat(1_500, false), base: 9_000, amount: 1_350 })
    expect(line.explanation.concessions).toEqual([
      { concession: sibling, base: 10_000, amount: 1_000 },
    ])
  })

  it('inclusive VAT is the part of what the concession leaves that is VAT', () => {
    const line = compute({
      configuredAmount: 11_500,
      concessions: [sibling],
      vatHistory: [vat(1_500, true)],
    })
    // 11,500 − 1,150 = 10,350, which holds 10,350 × 15 / 115 = 1,350 of VAT.
    expect(line).toMatchObject({
      gross: 11_500,
      concession: 1_150,
      vat: 1_350,
      net: 10_350,
      income: 10_150,
    })
  })

  it('keeps what the caller’s concessions and rates carry, for the invoice page', () => {
    const result = computeInvoiceLine({ ...input(), concessions: [sibling] })
    expect(result.ok && result.line.explanation.concessions[0]?.concession.category).toBe('sibling')
  })

  it('uses the rate in force on the issue date', () => {
    const history = [vat(1_000, false, '2025-07-01'), vat(1_500, false, '2026-07-01')]
    expect(compute({ vatHistory: history, issueDate: '2026-06-30' }).vat).toBe(1_000)
    expect(compute({ vatHistory: history, issueDate: '2026-07-01' }).vat).toBe(1_500)
    expect(compute({ vatHistory: history, issueDate: '2025-06-30' }).explanation.vat).toBeNull()
  })

  it('a full concession leaves nothing to pay and no VAT', () => {
    const full: Concession = { id: 'scholarship', kind: 'percent', rateBp: 10_000 }
    expect(compute({ concessions: [full], vatHistory: [vat(1_500, false)] })).toMatchObject({
      net: 0,
      vat: 0,
    })
  })

  it('passes a concession over 100 % back as a refusal', () => {
    const over: Concession = { id: 'x', kind: 'percent', rateBp: 10_050 }
    expect(computeInvoiceLine(input({ concessions: [over] }))).toEqual({
      ok: false,
      code: 'concession_over_100',
      concessionId: 'x',
    })
  })

  it('JPY and KWD: the same rules on minor units (¥ and fils)', () => {
    // ¥4,999 at 10 % exclusive: 499.9 → ¥500.
    expect(compute({ configuredAmount: 4_999, vatHistory: [vat(1_000, false)] }).vat).toBe(500)
    // 12.345 KWD at 5 % exclusive: 0.61725 → 0.617.
    expect(compute({ configuredAmount: 12_345, vatHistory: [vat(500, false)] }).vat).toBe(617)
  })

  it('always balances: net = income − concession + VAT, and nothing is negative', () => {
    const concessionArb = fc.oneof(
      fc
        .integer({ min: 0, max: 10_000 })
        .map((rateBp): Concession => ({ id: 'p', kind: 'percent', rateBp })),
      fc
        .integer({ min: 0, max: 1_000_000_000_000 })
        .map((amount): Concession => ({ id: 'f', kind: 'fixed', amount })),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.array(concessionArb, { maxLength: 3 }),
        fc.option(
          fc.record({ rateBp: fc.integer({ min: 0, max: 10_000 }), inclusive: fc.boolean() }),
          { nil: null },
        ),
        (amount, concessions, rate) => {
          const line = compute({
            configuredAmount: amount,
            concessions,
            vatHistory: rate ? [vat(rate.rateBp, rate.inclusive)] : [],
          })
          expect(line.net).toBe(line.income - line.concession + line.vat)
          for (const figure of [line.gross, line.concession, line.vat, line.net, line.income]) {
            expect(Number.isSafeInteger(figure) && figure >= 0).toBe(true)
          }
          expect(line.concession).toBeLessThanOrEqual(line.gross)
        },
      ),
    )
  })
})
