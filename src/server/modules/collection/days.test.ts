import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CashierDay } from '../../../shared/schemas/collection.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('a cashier’s day', () => {
  let t: TestApp
  let admin: string
  let cashier: string
  adminSuite((s) => ({ t, admin } = s))
  let family: Awaited<ReturnType<typeof counterFamily>>

  const balanceOf = async (purpose: string) =>
    Number(
      (
        (await t.database.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0) as n
          from voucher_lines l join coa_mappings m on m.account_id = l.account_id
            and m.purpose = ${purpose} and m.institute_id = l.institute_id
          where l.institute_id = ${family.instituteId}`)) as unknown as { rows: { n: string }[] }
      ).rows[0]!.n,
    )

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'DAY', '01711-555004')
    cashier = await signedInAs(t, 'day-cashier', ['cashier'])
    // The lab line of the first period (30,000, no fine), paid in three parts.
    const lab = (await familyOf(t, cashier, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    let key = 0
    const pay = async (lineId: string, tender: object, amountMinor: number) => {
      const res = await asUser(
        t,
        cashier,
        'POST',
        '/api/collection/payments',
        {
          studentId: family.studentIds[0],
          allocations: [{ lineId, principalMinor: amountMinor, fineMinor: 0 }],
          tenders: [{ ...tender, amountMinor }],
        },
        { 'Idempotency-Key': `day-key-${++key}` },
      )
      expect(res.status).toBe(201)
    }
    await pay(lab.lineId, { method: 'cash', tenderedMinor: 20_000 }, 12_000)
    await pay(lab.lineId, { method: 'card', reference: 'A1' }, 3_000)
    await pay(lab.lineId, { method: 'cash' }, 8_000)
  })

  it('shows what the cashier took today by method, and the cash the drawer should hold', async () => {
    const res = await asUser(t, cashier, 'GET', '/api/collection/days')
    expect(res.status).toBe(200)
    const day = (await res.json()) as CashierDay
    expect(day.cashierName).toBe('User day-cashier')
    expect(day.byMethod).toEqual([
      { method: 'card', receipts: 1, amountMinor: 3_000 },
      { method: 'cash', receipts: 2, amountMinor: 20_000 },
    ])
    expect(day.receipts).toHaveLength(3)
    expect(day.expectedCashMinor).toBe(20_000)
    expect(day.closing).toBeNull()
  })

  it('lets supervisors see any cashier’s day, and no cashier another’s', async () => {
    const mine = (await (
      await asUser(t, cashier, 'GET', '/api/collection/days')
    ).json()) as CashierDay
    const other = await signedInAs(t, 'day-cashier-two', ['cashier'])
    expect(
      (await asUser(t, other, 'GET', `/api/collection/days?cashierId=${mine.cashierId}`)).status,
    ).toBe(403)
    const seen = await asUser(t, admin, 'GET', `/api/collection/days?cashierId=${mine.cashierId}`)
    expect(seen.status).toBe(200)
    expect(((await seen.json()) as CashierDay).cashiers.map((c) => c.name)).toContain(
      'User day-cashier',
    )
    expect((await asUser(t, admin, 'GET', '/api/collection/days?day=2026-02-30')).status).toBe(422)
  })

  it('closes the day with the counted cash and its difference, the deposit posted once', async () => {
    const refused = await asUser(t, cashier, 'POST', '/api/collection/days/close', {
      countedCashMinor: 100,
      depositedMinor: 200,
      bankAccount: 'Main bank account',
    })
    expect(refused.status).toBe(422)
    const cash = await balanceOf('cash')
    const bank = await balanceOf('bank')
    const res = await asUser(t, cashier, 'POST', '/api/collection/days/close', {
      countedCashMinor: 19_900,
      depositedMinor: 15_000,
      bankAccount: 'Main bank account',
      note: 'One note short',
    })
    expect(res.status).toBe(201)
    const day = (await res.json()) as CashierDay
    expect(day.closing).toMatchObject({
      countedCashMinor: 19_900,
      differenceMinor: -100,
      depositedMinor: 15_000,
      note: 'One note short',
    })
    expect(day.closing!.voucherReference).toMatch(/^\w+-\d{4}-\d{4}$/)
    expect(await balanceOf('cash')).toBe(cash - 15_000)
    expect(await balanceOf('bank')).toBe(bank + 15_000)
    const again = await asUser(t, cashier, 'POST', '/api/collection/days/close', {
      countedCashMinor: 19_900,
    })
    expect(again.status).toBe(409)
    // The drawer is counted: no more money today.
    const line = (await familyOf(t, cashier, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const late = await asUser(
      t,
      cashier,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[0],
        allocations: [{ lineId: line.lineId, principalMinor: 100, fineMinor: 0 }],
        tenders: [{ method: 'cash', amountMinor: 100 }],
      },
      { 'Idempotency-Key': 'day-key-after-closing' },
    )
    expect(late.status).toBe(409)
    expect(await late.json()).toMatchObject({ code: 'day_closed' })
  })
})
