import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/*
 * Two counters taking money for one invoice at once (the `postgres` project: a server and a
 * pool, real parallel transactions): never more allocated than is due, and one receipt per key.
 */
describe('payments taken at once on PostgreSQL', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let family: Awaited<ReturnType<typeof counterFamily>>
  beforeAll(async () => {
    family = await counterFamily(t, admin, 'PAR', '01711-555002')
  })

  const pay = (body: object, key: string) =>
    asUser(t, admin, 'POST', '/api/collection/payments', body, { 'Idempotency-Key': key })
  const count = async (query: ReturnType<typeof sql>) =>
    Number(
      ((await t.database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n,
    )

  it('runs on a server with a pool', () => {
    expect(t.database.kind).toBe('postgres')
  })

  it('50 counters paying one line at once: one is taken, 49 told what is left, nothing else saved', async () => {
    const line = (await familyOf(t, admin, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const body = {
      studentId: family.studentIds[0],
      allocations: [{ lineId: line.lineId, principalMinor: line.dueMinor, fineMinor: 0 }],
      tenders: [{ method: 'cash', amountMinor: line.dueMinor }],
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pay(body, `parallel-line-${i}`)),
    )
    const bodies = await Promise.all(
      answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } })),
    )
    expect(bodies.filter((b) => b.status === 201)).toHaveLength(1)
    const refused = bodies.filter((b) => b.status !== 201)
    expect(refused.map((b) => [b.status, b.body.code])).toEqual(
      refused.map(() => [409, 'line_already_paid']),
    )
    expect(
      await count(sql`select sum(paid_minor) as n from invoice_lines where id = ${line.lineId}`),
    ).toBe(line.dueMinor)
    expect(await count(sql`select count(*) as n from payments`)).toBe(1)
    // The 49 refused gave their receipt numbers back: the next one follows without a gap.
    expect(await count(sql`select max(last_number) as n from receipt_counters`)).toBe(1)
  })

  it('50 sends of one payment under one key make one receipt, the same answer to each', async () => {
    // The whole line: the sends that wait for the first find nothing left to pay, and still
    // answer its receipt.
    const line = (await familyOf(t, admin, family.studentIds[1]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const body = {
      studentId: family.studentIds[1],
      allocations: [{ lineId: line.lineId, principalMinor: line.dueMinor, fineMinor: 0 }],
      tenders: [{ method: 'cash', amountMinor: line.dueMinor }],
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => pay(body, 'parallel-one-key')),
    )
    const receipts = await Promise.all(answers.map(async (r) => (await r.json()) as Receipt))
    expect(answers.every((r) => r.status === 201 || r.status === 200)).toBe(true)
    expect(new Set(receipts.map((r) => r.id)).size).toBe(1)
    expect(
      await count(sql`select paid_minor as n from invoice_lines where id = ${line.lineId}`),
    ).toBe(line.dueMinor)
  })
})
