import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CashierDay } from '../../../shared/schemas/collection-days.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/*
 * A cashier closing the day while their payments are still coming in (the `postgres` project:
 * a server and a pool, real parallel transactions): the closing and each payment take turns on
 * the day, so the cash the closing expects is exactly that of the payments that landed before
 * it, and every payment after it is refused.
 */
describe('closing a day while payments are taken, on PostgreSQL', () => {
  let t: TestApp
  let admin: string
  let cashier: string
  adminSuite((s) => ({ t, admin } = s))
  let family: Awaited<ReturnType<typeof counterFamily>>
  beforeAll(async () => {
    family = await counterFamily(t, admin, 'DPAR', '01711-555006')
    cashier = await signedInAs(t, 'parallel-day-cashier', ['cashier'])
  })

  it('runs on a server with a pool', () => {
    expect(t.database.kind).toBe('postgres')
  })

  it('the closing expects the cash of every payment that landed before it, and none lands after', async () => {
    // The lab line (30,000, no fine): 100 at a time, far from paid by them all.
    const line = (await familyOf(t, cashier, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const pay = async (key: string) => {
      const res = await asUser(
        t,
        cashier,
        'POST',
        '/api/collection/payments',
        {
          studentId: family.studentIds[0],
          allocations: [{ lineId: line.lineId, principalMinor: 100, fineMinor: 0 }],
          tenders: [{ method: 'cash', amountMinor: 100, tenderedMinor: 500 }],
        },
        { 'Idempotency-Key': key },
      )
      return { status: res.status, body: (await res.json()) as { code?: string } }
    }
    const during = Array.from({ length: 40 }, (_, i) => pay(`parallel-day-${i}`))
    // The closing goes in once the first payment is through, the others still under way.
    await Promise.race(during)
    const closed = await asUser(t, cashier, 'POST', '/api/collection/days/close', {
      countedCashMinor: 0,
    })
    expect(closed.status).toBe(201)
    const { closing } = (await closed.json()) as CashierDay
    const answers = [
      ...(await Promise.all(during)),
      // Sent once the day is closed.
      ...(await Promise.all(Array.from({ length: 5 }, (_, i) => pay(`parallel-day-after-${i}`)))),
    ]
    const landed = answers.filter((a) => a.status === 201)
    const refused = answers.filter((a) => a.status !== 201)
    expect(landed.length).toBeGreaterThan(0)
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(
      refused.map(() => [409, 'day_closed']),
    )
    expect(closing!.expectedCashMinor).toBe(landed.length * 100)

    const rows = (
      (await t.database.db
        .execute(sql`select count(*) as n, coalesce(sum(t.amount_minor), 0) as cash,
          count(*) filter (where p.created_at > c.created_at) as later
        from payments p
        join payment_tenders t on t.institute_id = p.institute_id and t.payment_id = p.id
        join users u on u.id = p.collected_by and u.username = 'parallel-day-cashier'
        join cashier_day_closings c on c.institute_id = p.institute_id
          and c.cashier_id = p.collected_by and c.day = p.received_on`)) as unknown as {
        rows: { n: string; cash: string; later: string }[]
      }
    ).rows[0]!
    expect(Number(rows.n)).toBe(landed.length)
    expect(Number(rows.cash)).toBe(closing!.expectedCashMinor)
    // Every payment's transaction began before the closing read the drawer.
    expect(Number(rows.later)).toBe(0)
  })
})
