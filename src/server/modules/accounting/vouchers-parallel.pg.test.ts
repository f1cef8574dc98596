import { beforeAll, describe, expect, it } from 'vitest'
import type { Voucher } from '../../../shared/schemas/accounting.ts'
import { accountIds } from '../../test-support/accounting.ts'
import { inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/*
 * Posting under real parallel connections (the `postgres` project: a server and a pool): what
 * PGlite's single connection could never race. Each case runs for several rounds.
 */
describe('vouchers posted at once on PostgreSQL', () => {
  let t: TestApp
  let admin: string
  let leaf: (name: string) => string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    ;({ leaf } = await accountIds(t, admin))
  })

  const post = (narration: string, key: string) =>
    asUser(
      t,
      admin,
      'POST',
      '/api/accounting/vouchers',
      {
        type: 'payment',
        date: inFiscalYear(0, '09-15'),
        narration,
        lines: [
          { accountId: leaf('Salary expense'), debit: 1234 },
          { accountId: leaf('Cash in hand'), credit: 1234 },
        ],
      },
      { 'Idempotency-Key': key },
    )

  it('runs on a server with a pool', () => {
    expect(t.database.kind).toBe('postgres')
  })

  it('50 posts at once under one Idempotency-Key make one voucher, the same answer to each', async () => {
    for (let round = 0; round < 20; round++) {
      const key = `one-key-${round}-${Math.random().toString(36).slice(2)}`
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => post(`One key, round ${round}`, key)),
      )
      const bodies = await Promise.all(
        answers.map(async (r) => ({ status: r.status, body: (await r.json()) as Voucher })),
      )
      expect(bodies.map((b) => b.status)).toEqual(bodies.map(() => 201))
      expect(new Set(bodies.map((b) => b.body.id)).size).toBe(1)
      const found = (await (
        await asUser(
          t,
          admin,
          'GET',
          `/api/accounting/vouchers?q=${encodeURIComponent(`One key, round ${round}`)}&perPage=100`,
        )
      ).json()) as { data: Voucher[] }
      expect(found.data.filter((v) => v.narration === `One key, round ${round}`)).toHaveLength(1)
    }
  })

  it('200 posts at once with their own keys make 200 vouchers numbered without gaps or twins', async () => {
    for (let round = 0; round < 5; round++) {
      const run = Math.random().toString(36).slice(2)
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => post(`Many keys ${run}`, `${run}-${i}`)),
      )
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201))
      const numbers = (await Promise.all(answers.map(async (r) => (await r.json()) as Voucher)))
        .map((v) => Number(v.reference.split('-').at(-1)))
        .sort((a, b) => a - b)
      expect(new Set(numbers).size).toBe(200)
      expect(numbers.at(-1)! - numbers[0]! + 1).toBe(200)
    }
    // And across the rounds: the highest payment number is the count of payment vouchers.
    const top = (await (
      await asUser(
        t,
        admin,
        'GET',
        '/api/accounting/vouchers?type=payment&sortBy=number&sortDesc=true&perPage=1',
      )
    ).json()) as { data: Voucher[]; total: number }
    expect(Number(top.data[0]!.reference.split('-').at(-1))).toBe(top.total)
    // A thousand postings: about 8 s alone, several times that beside the suite's other files.
  }, 120_000)
})
