import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CashierDay } from '../../../shared/schemas/collection-days.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('reopening a closed day', () => {
  let t: TestApp
  let admin: string
  let cashier: string
  adminSuite((s) => ({ t, admin } = s))
  let family: Awaited<ReturnType<typeof counterFamily>>
  let day: CashierDay

  const balanceOf = async (purpose: string) =>
    Number(
      (
        (await t.database.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0) as n
          from voucher_lines l join coa_mappings m on m.account_id = l.account_id
            and m.purpose = ${purpose} and m.institute_id = l.institute_id
          where l.institute_id = ${family.instituteId}`)) as unknown as { rows: { n: string }[] }
      ).rows[0]!.n,
    )
  const reopen = (token: string, body: object) =>
    asUser(t, token, 'POST', '/api/collection/days/reopen', body)

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'RPN', '01711-555032')
    cashier = await signedInAs(t, 'reopen-cashier', ['cashier'])
    const lab = (await familyOf(t, cashier, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const paid = await asUser(
      t,
      cashier,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[0],
        allocations: [{ lineId: lab.lineId, principalMinor: 10_000, fineMinor: 0 }],
        tenders: [{ method: 'cash', amountMinor: 10_000 }],
      },
      { 'Idempotency-Key': 'reopen-key-1' },
    )
    expect(paid.status).toBe(201)
    day = (await (await asUser(t, cashier, 'GET', '/api/collection/days')).json()) as CashierDay
  })

  it('refuses to reopen a day that is not closed', async () => {
    const res = await reopen(admin, { cashierId: day.cashierId, day: day.day, reason: 'Recount' })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { code: string }).code).toBe('day_not_closed')
  })

  it('says who closed the day, and takes no payment on it', async () => {
    const cashBefore = await balanceOf('cash')
    const closed = await asUser(t, cashier, 'POST', '/api/collection/days/close', {
      countedCashMinor: 9_500,
      depositedMinor: 9_000,
      bankAccount: 'Main bank account',
    })
    expect(closed.status).toBe(201)
    const after = (await closed.json()) as CashierDay
    expect(after.closing?.closedBy).toBe('User reopen-cashier')
    expect(await balanceOf('cash')).toBe(cashBefore - 500 - 9_000)
  })

  it('is a right of its own: a cashier without it is refused, the day stays closed', async () => {
    const res = await reopen(cashier, { cashierId: day.cashierId, day: day.day, reason: 'Oops' })
    expect(res.status).toBe(403)
    const still = (await (
      await asUser(t, cashier, 'GET', '/api/collection/days')
    ).json()) as CashierDay
    expect(still.closing).not.toBeNull()
  })

  it('needs a reason, naming the field', async () => {
    const res = await reopen(admin, { cashierId: day.cashierId, day: day.day, reason: '' })
    expect(res.status).toBe(422)
    expect(JSON.stringify(await res.json())).toContain('reason')
  })

  it('reverses the closing’s postings, is audited with its reason, and opens the day again', async () => {
    const cashClosed = await balanceOf('cash')
    const res = await reopen(admin, {
      cashierId: day.cashierId,
      day: day.day,
      reason: 'Counted before the last receipt',
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as CashierDay).closing).toBeNull()
    // The deposit (9,000) and the shortage (500) are undone.
    expect(await balanceOf('cash')).toBe(cashClosed + 9_500)
    const audited = (
      (await t.database.db.execute(sql`select after from audit_log
        where action = 'reopen_day' and entity = 'cashier_day'`)) as unknown as {
        rows: { after: { reason: string } }[]
      }
    ).rows
    expect(audited.map((r) => r.after.reason)).toEqual(['Counted before the last receipt'])
    // The cashier takes money again and closes anew.
    const again = await asUser(t, cashier, 'POST', '/api/collection/days/close', {
      countedCashMinor: 10_000,
    })
    expect(again.status).toBe(201)
  })

  it('refuses an earlier day', async () => {
    const res = await reopen(admin, { cashierId: day.cashierId, day: '2001-01-01', reason: 'x' })
    expect(res.status).toBe(409)
  })
})
