import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, voucherLines } from '../../db/schema/accounting.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { createTestApp, type TestApp } from '../../test-support/test-app.ts'
import { demoToday, inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { addDays, openPeriod } from './open-period.ts'
import { postVoucher } from './posting.ts'

/** Without a lock date: the previous, current and next fiscal year. */
const open = openPeriod(demoToday(), 7, null)
const amount = fc.integer({ min: 1, max: 10_000_000 })

/** A voucher over `n` leaves: some debits, then credits that add up to the same total. */
const voucherArb = (leafCount: number) =>
  fc
    .record({
      debits: fc.array(fc.record({ leaf: fc.nat(leafCount - 1), amount }), {
        minLength: 1,
        maxLength: 3,
      }),
      creditLeaves: fc.array(fc.nat(leafCount - 1), { minLength: 1, maxLength: 3 }),
      /** Now and then off by some minor units: the posting must then be refused whole. */
      skew: fc.oneof({ weight: 9, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: amount }),
      /** Days from the open period's start: a month either side of it now and then. */
      day: fc.integer({ min: -31, max: 3 * 366 + 31 }),
    })
    .map(({ debits, creditLeaves, skew, day }) => {
      const total = debits.reduce((s, d) => s + d.amount, 0) + skew
      // Split the total over the credit lines, each at least 1.
      const parts = creditLeaves.map((_, i) =>
        i < creditLeaves.length - 1 ? Math.max(1, Math.floor(total / creditLeaves.length)) : 0,
      )
      parts[parts.length - 1] = total - parts.reduce((s, p) => s + p, 0)
      const date = addDays(open.from, day)
      const debited = new Set(debits.map((d) => d.leaf))
      return {
        date,
        /** Balanced, no account on both sides, dated in the open period: it must post. */
        valid:
          skew === 0 &&
          !creditLeaves.some((leaf) => debited.has(leaf)) &&
          date >= open.from &&
          date <= open.to,
        lines: [
          ...debits.map((d) => ({ leaf: d.leaf, debit: d.amount, credit: 0 })),
          ...creditLeaves.map((leaf, i) => ({ leaf, debit: 0, credit: parts[i]! })),
        ],
      }
    })
    .filter((v) => v.lines.every((l) => l.debit > 0 || l.credit > 0))

type Op =
  | {
      kind: 'post'
      voucher: {
        date: string
        valid: boolean
        lines: { leaf: number; debit: number; credit: number }[]
      }
    }
  | { kind: 'reverse'; pick: number }

describe('the ledger (property)', () => {
  let t: TestApp
  let instituteId: string
  let leaves: string[]
  /** What every leaf's balance (debit minus credit) must be. */
  const expected = new Map<string, number>()
  const posted: {
    id: string
    lines: { leaf: number; debit: number; credit: number }[]
    reversed: boolean
  }[] = []

  beforeAll(async () => {
    t = await createTestApp()
    const [institute] = await t.database.db.select().from(institutes)
    instituteId = institute!.id
    const rows = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        sql`${accounts.instituteId} = ${instituteId} and not exists
          (select 1 from accounts c where c.parent_id = "accounts"."id")`,
      )
    leaves = rows.map((r) => r.id)
  })
  afterAll(() => t.database.close())

  const apply = (lines: { leaf: number; debit: number; credit: number }[], sign: 1 | -1) => {
    for (const l of lines) {
      const id = leaves[l.leaf]!
      expected.set(id, (expected.get(id) ?? 0) + sign * (l.debit - l.credit))
    }
  }

  it('random vouchers (refused when unbalanced, on both sides of an account or outside the open years) and reversals keep the trial balance at zero and every balance equal to its lines', async () => {
    const db = t.database.db
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 4,
        arbitrary: voucherArb(leaves.length).map((voucher) => ({ kind: 'post' as const, voucher })),
      },
      { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'reverse' as const, pick })) },
    )
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) {
          if (op.kind === 'post') {
            const { lines } = op.voucher
            const attempt = db.transaction((tx) =>
              postVoucher(tx, instituteId, {
                type: 'journal',
                date: op.voucher.date,
                narration: 'property',
                lines: lines.map((l) => ({
                  accountId: leaves[l.leaf]!,
                  debit: l.debit,
                  credit: l.credit,
                })),
              }),
            )
            if (op.voucher.valid) {
              const { id } = await attempt
              posted.push({ id, lines, reversed: false })
              apply(lines, 1)
            } else {
              await expect(attempt).rejects.toThrow()
            }
          } else {
            const open = posted.filter((p) => !p.reversed)
            if (open.length === 0) continue
            const target = open[op.pick % open.length]!
            await db.transaction((tx) =>
              postVoucher(tx, instituteId, {
                type: 'journal',
                date: inFiscalYear(1, '06-30'),
                narration: 'reversal',
                reversesId: target.id,
                lines: target.lines.map((l) => ({
                  accountId: leaves[l.leaf]!,
                  debit: l.credit,
                  credit: l.debit,
                })),
              }),
            )
            target.reversed = true
            apply(target.lines, -1)
          }
        }
        const sums = await db
          .select({
            accountId: voucherLines.accountId,
            balance:
              sql<number>`sum(${voucherLines.debit} - ${voucherLines.credit})::bigint`.mapWith(
                Number,
              ),
          })
          .from(voucherLines)
          .where(eq(voucherLines.instituteId, instituteId))
          .groupBy(voucherLines.accountId)
        expect(sums.reduce((s, r) => s + r.balance, 0)).toBe(0)
        for (const id of leaves) {
          expect(sums.find((r) => r.accountId === id)?.balance ?? 0).toBe(expected.get(id) ?? 0)
        }
      }),
      { numRuns: 1000 },
    )
    expect(posted.length).toBeGreaterThan(1000)
  }, 240_000)
})
