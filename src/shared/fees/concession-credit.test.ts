import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Concession } from './concession.ts'
import { concessionCredit, type PostedLine } from './concession-credit.ts'
import { computeInvoiceLine } from './invoice-line.ts'

/** A line as invoicing writes it, with nothing paid. */
function posted(
  gross: number,
  concessions: Concession[],
  vat: PostedLine['vat'],
  paid = 0,
): PostedLine {
  const result = computeInvoiceLine({
    configuredAmount: gross,
    override: null,
    concessions,
    vatHistory: vat ? [{ id: 'v', ...vat, effectiveFrom: '2000-01-01' }] : [],
    issueDate: '2026-07-01',
  })
  if (!result.ok) throw new Error(result.code)
  const { line } = result
  return {
    gross,
    concessions,
    vat,
    concession: line.concession,
    vatAmount: line.vat,
    net: line.net,
    due: line.net - paid,
  }
}

const credit = (line: PostedLine, added: Concession) => {
  const result = concessionCredit(line, added)
  if (!result.ok) throw new Error(result.code)
  return result.credit
}

const tenPercent: Concession = { id: 'new', kind: 'percent', rateBp: 1_000 }

describe('a concession credit', () => {
  it('takes the concession off a line without VAT', () => {
    expect(credit(posted(10_000, [], null), tenPercent)).toEqual({
      concession: 1_000,
      vat: 0,
      net: 1_000,
      income: 0,
      applied: { base: 10_000, amount: 1_000 },
    })
  })

  it('gives back the VAT of the concession, exclusive (net) or inclusive (income)', () => {
    const exclusive = credit(posted(10_000, [], { rateBp: 1_500, inclusive: false }), tenPercent)
    expect(exclusive).toMatchObject({ concession: 1_000, vat: 150, net: 1_150, income: 0 })
    const inclusive = credit(posted(10_000, [], { rateBp: 1_500, inclusive: true }), tenPercent)
    // 10,000 holds 1,304 of VAT, 9,000 holds 1,174: 130 less VAT, credited back to income.
    expect(inclusive).toMatchObject({ concession: 1_000, vat: 130, net: 1_000, income: 130 })
  })

  it('shares the base with the concessions the line has, as invoicing would', () => {
    const line = posted(10_000, [{ id: 'old', kind: 'percent', rateBp: 2_000 }], null)
    expect(credit(line, tenPercent)).toMatchObject({ concession: 1_000, net: 1_000 })
    const fixedFirst = posted(10_000, [{ id: 'old', kind: 'percent', rateBp: 5_000 }], null)
    // A fixed 2,000 comes before the 50 %: 2,000 + 4,000 = 6,000 in all, 1,000 more.
    expect(credit(fixedFirst, { id: 'new', kind: 'fixed', amount: 2_000 })).toMatchObject({
      concession: 1_000,
      net: 1_000,
      applied: { base: 10_000, amount: 2_000 },
    })
  })

  it('credits nothing on a line already free', () => {
    const free = posted(5_000, [{ id: 'old', kind: 'percent', rateBp: 10_000 }], null)
    expect(credit(free, tenPercent)).toMatchObject({ concession: 0, vat: 0, net: 0, income: 0 })
  })

  it('credits at most what is due on a line partly paid', () => {
    const line = posted(10_000, [], { rateBp: 1_500, inclusive: false }, 10_900)
    // Due 600 of the 1,150 the concession would take: VAT 150 × 600 / 1,150 = 78.26 → 78.
    expect(credit(line, tenPercent)).toMatchObject({ concession: 522, vat: 78, net: 600 })
  })

  it('refuses a percentage over 100 %', () => {
    expect(
      concessionCredit(posted(100, [], null), { id: 'x', kind: 'percent', rateBp: 10_001 }),
    ).toMatchObject({ ok: false, code: 'concession_over_100' })
  })

  const terms: fc.Arbitrary<Concession> = fc.oneof(
    fc.record({
      id: fc.constant('c'),
      kind: fc.constant('percent' as const),
      rateBp: fc.integer({ min: 1, max: 10_000 }),
    }),
    fc.record({
      id: fc.constant('c'),
      kind: fc.constant('fixed' as const),
      amount: fc.integer({ min: 1, max: 2_000_000 }),
    }),
  )
  const vatOf = fc.option(
    fc.record({ rateBp: fc.integer({ min: 0, max: 10_000 }), inclusive: fc.boolean() }),
    { nil: null },
  )

  it('balances, stays within the due, and leaves the line as invoicing would have made it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(terms, { maxLength: 3 }),
        terms,
        vatOf,
        fc.integer({ min: 0, max: 10_000 }),
        (gross, had, added, vat, paidBp) => {
          const before = posted(gross, had, vat)
          const line = { ...before, due: before.net - Math.floor((before.net * paidBp) / 10_000) }
          const c = credit(line, { ...added, id: 'new' })
          for (const figure of [c.concession, c.vat, c.net, c.income]) {
            expect(figure).toBeGreaterThanOrEqual(0)
          }
          expect(c.net).toBeLessThanOrEqual(line.due)
          // Dr Concessions + Dr VAT = Cr Fee receivable + Cr income.
          expect(c.concession + c.vat).toBe(c.net + c.income)
          if (line.due === line.net && c.net > 0) {
            const after = posted(gross, [...had, { ...added, id: 'new' }], vat)
            expect(before.net - c.net).toBe(after.net)
            expect(before.concession + c.concession).toBe(after.concession)
            expect(before.vatAmount - c.vat).toBe(after.vatAmount)
          }
        },
      ),
    )
  })
})
