import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CashierDay } from '../../../shared/schemas/collection-days.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
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

  /** The cash account before this suite's cashier took anything. */
  let cashAtStart: number

  const dayOf = async (token: string, query = '') =>
    (await (await asUser(t, token, 'GET', `/api/collection/days${query}`)).json()) as CashierDay
  const close = (token: string, body: object) =>
    asUser(t, token, 'POST', '/api/collection/days/close', body)
  /** The lines of the journal posted for a closing's difference, by the mapped purpose. */
  const differenceLines = async (reference: string) =>
    (
      (await t.database.db.execute(sql`select m.purpose, l.debit, l.credit from voucher_lines l
        join vouchers v on v.id = l.voucher_id
        join coa_mappings m on m.account_id = l.account_id and m.institute_id = l.institute_id
        where v.institute_id = ${family.instituteId} and v.type = 'journal'
          and v.fiscal_year = ${Number(reference.split('-')[1])}
          and v.number = ${Number(reference.split('-')[2])}
        order by m.purpose`)) as unknown as {
        rows: { purpose: string; debit: number; credit: number }[]
      }
    ).rows.map((r) => ({ purpose: r.purpose, debit: Number(r.debit), credit: Number(r.credit) }))

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'DAY', '01711-555004')
    cashier = await signedInAs(t, 'day-cashier', ['cashier'])
    cashAtStart = await balanceOf('cash')
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

  it('exports the day’s receipts, under the same rights as the day', async () => {
    const mine = await dayOf(cashier)
    const res = await asUser(t, cashier, 'GET', '/api/collection/days/export.csv?lang=de')
    expect(res.status).toBe(200)
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(rows[0]).toBe('Quittung;Bezahlt von;Betrag;Status;Storniert am')
    expect(rows.slice(1).map((row) => row.split(';').slice(2, 4))).toEqual([
      ['120,00', 'Ausgestellt'],
      ['30,00', 'Ausgestellt'],
      ['80,00', 'Ausgestellt'],
    ])
    const other = await signedInAs(t, 'day-export-two', ['cashier'])
    const query = `cashierId=${mine.cashierId}`
    expect((await asUser(t, other, 'GET', `/api/collection/days/export.csv?${query}`)).status).toBe(
      403,
    )
    const refused = await asUser(t, cashier, 'GET', '/api/collection/days/export.xlsx?sort=x')
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({ fields: { sort: [{ code: 'unknown_filter' }] } })
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
      expectedCashMinor: 20_000,
      countedCashMinor: 19_900,
      differenceMinor: -100,
      depositedMinor: 15_000,
      note: 'One note short',
    })
    expect(day.closing!.voucherReference).toMatch(/^\w+-\d{4}-\d{4}$/)
    // The shortage is posted: Cash over and short debited, cash credited, balanced.
    expect(await differenceLines(day.closing!.differenceVoucherReference!)).toEqual([
      { purpose: 'cash', debit: 0, credit: 100 },
      { purpose: 'cash_over_short', debit: 100, credit: 0 },
    ])
    expect(await balanceOf('cash_over_short')).toBe(100)
    // The cash account holds what was counted, less what went to the bank.
    expect(await balanceOf('cash')).toBe(cash - 100 - 15_000)
    expect((await balanceOf('cash')) - cashAtStart).toBe(19_900 - 15_000)
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

  it('posts cash over to Cash over and short, and nothing when the count agrees', async () => {
    const over = await signedInAs(t, 'day-cashier-over', ['cashier'])
    const cash = await balanceOf('cash')
    const overShort = await balanceOf('cash_over_short')
    const res = await close(over, { countedCashMinor: 500, note: 'Found in the drawer' })
    expect(res.status).toBe(201)
    const day = (await res.json()) as CashierDay
    expect(day.closing).toMatchObject({ expectedCashMinor: 0, differenceMinor: 500 })
    expect(await differenceLines(day.closing!.differenceVoucherReference!)).toEqual([
      { purpose: 'cash', debit: 500, credit: 0 },
      { purpose: 'cash_over_short', debit: 0, credit: 500 },
    ])
    expect(await balanceOf('cash')).toBe(cash + 500)
    expect(await balanceOf('cash_over_short')).toBe(overShort - 500)

    const even = await signedInAs(t, 'day-cashier-even', ['cashier'])
    const agreed = await close(even, { countedCashMinor: 0 })
    expect(((await agreed.json()) as CashierDay).closing).toMatchObject({
      differenceMinor: 0,
      differenceVoucherReference: null,
    })
    expect(await balanceOf('cash')).toBe(cash + 500)
  })

  it('refuses a difference it cannot post, and keeps the day open', async () => {
    const unmapped = await signedInAs(t, 'day-cashier-unmapped', ['cashier'])
    await t.database.db.execute(
      sql`delete from coa_mappings where purpose = 'cash_over_short' and institute_id = ${family.instituteId}`,
    )
    try {
      const res = await close(unmapped, { countedCashMinor: 300 })
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({
        fields: { countedCashMinor: [{ code: 'over_short_not_mapped' }] },
      })
      expect((await dayOf(unmapped)).closing).toBeNull()
      // A count that agrees needs no posting.
      expect((await close(unmapped, { countedCashMinor: 0 })).status).toBe(201)
    } finally {
      await t.database.db
        .execute(sql`insert into coa_mappings (institute_id, purpose, key, account_id)
        select institute_id, 'cash_over_short', '', id from accounts
        where institute_id = ${family.instituteId} and gl_code = '5010202001'`)
    }
  })

  it('takes a receipt cancelled on a later day off its own day, and lists it where it was cancelled', async () => {
    const late = await signedInAs(t, 'day-cashier-late', ['cashier'])
    const line = (await familyOf(t, late, family.studentIds[1]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const paid = await asUser(
      t,
      late,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[1],
        allocations: [{ lineId: line.lineId, principalMinor: 4_000, fineMinor: 0 }],
        tenders: [{ method: 'cash', amountMinor: 4_000 }],
      },
      { 'Idempotency-Key': 'day-key-late' },
    )
    const receipt = (await paid.json()) as Receipt
    const { day: today } = await dayOf(late)
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10)
    // Taken yesterday, cancelled today by a supervisor.
    await t.database.db.execute(
      sql`update payments set received_on = ${yesterday} where id = ${receipt.id}`,
    )
    const cancelled = await asUser(
      t,
      admin,
      'POST',
      `/api/collection/payments/${receipt.id}/cancel`,
      {
        reason: 'Paid twice',
      },
    )
    expect(cancelled.status).toBe(200)

    const own = await dayOf(late, `?day=${yesterday}`)
    expect(own.receipts).toEqual([
      expect.objectContaining({
        number: receipt.number,
        status: 'cancelled',
        cancelledOn: today,
        cancelledAfterClosing: false,
      }),
    ])
    expect(own.byMethod).toEqual([])
    expect(own.expectedCashMinor).toBe(0)
    expect((await dayOf(late)).receipts).toEqual([])

    const supervisor = await dayOf(admin)
    expect(supervisor.cancelledHere).toContainEqual(
      expect.objectContaining({
        number: receipt.number,
        receivedOn: yesterday,
        cashierName: 'User day-cashier-late',
        amountMinor: 4_000,
        reason: 'Paid twice',
      }),
    )
    // It counts against its own day only.
    expect(supervisor.expectedCashMinor).toBe(0)
  })

  it('keeps what a closing recorded when a receipt of the day is cancelled after it', async () => {
    const closer = await signedInAs(t, 'day-cashier-closer', ['cashier'])
    const line = (await familyOf(t, closer, family.studentIds[1]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const paid = await asUser(
      t,
      closer,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[1],
        allocations: [{ lineId: line.lineId, principalMinor: 1_000, fineMinor: 0 }],
        tenders: [{ method: 'cash', amountMinor: 1_000 }],
      },
      { 'Idempotency-Key': 'day-key-closer' },
    )
    const receipt = (await paid.json()) as Receipt
    expect((await close(closer, { countedCashMinor: 1_000 })).status).toBe(201)
    await asUser(t, admin, 'POST', `/api/collection/payments/${receipt.id}/cancel`, {
      reason: 'Wrong family',
    })
    const day = await dayOf(closer)
    expect(day.receipts).toEqual([
      expect.objectContaining({ status: 'cancelled', cancelledAfterClosing: true }),
    ])
    expect(day.expectedCashMinor).toBe(0)
    expect(day.closing).toMatchObject({
      expectedCashMinor: 1_000,
      countedCashMinor: 1_000,
      differenceMinor: 0,
      differenceVoucherReference: null,
    })
  })
})
