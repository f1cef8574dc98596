import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CashierDay } from '../../../shared/schemas/collection-days.ts'
import { demoInstituteId, signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

/*
 * A day closed with a cash difference over the institute's amount (advance settings, 1,000.00
 * unless set): a reason is required, the day is closed, and the difference is posted only when
 * another user who may approve it (update on receipt-cancel) does.
 */
describe('a cashier’s day closed with a large difference', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let instituteId: string

  const balanceOf = async (purpose: string) =>
    Number(
      (
        (await t.database.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0) as n
          from voucher_lines l join coa_mappings m on m.account_id = l.account_id
            and m.purpose = ${purpose} and m.institute_id = l.institute_id
          where l.institute_id = ${instituteId}`)) as unknown as { rows: { n: string }[] }
      ).rows[0]!.n,
    )
  const overShortJournals = async () =>
    Number(
      (
        (await t.database.db.execute(sql`select count(*) as n from vouchers
          where institute_id = ${instituteId} and idempotency_key like 'cashier-day:%'`)) as unknown as {
          rows: { n: string }[]
        }
      ).rows[0]!.n,
    )
  const close = (token: string, body: object) =>
    asUser(t, token, 'POST', '/api/collection/days/close', body)
  const approve = (token: string, closingId: string) =>
    asUser(t, token, 'POST', `/api/collection/days/closings/${closingId}/approve`)

  beforeAll(async () => {
    instituteId = await demoInstituteId(t)
  })

  it('refuses a count no drawer holds, naming the field, and keeps the day open', async () => {
    const cashier = await signedInAs(t, 'big-count-cashier', ['cashier'])
    const res = await close(cashier, { countedCashMinor: 1_000_000_000_000, differenceReason: 'x' })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({
      fields: { countedCashMinor: [{ code: 'counted_cash_too_large' }] },
    })
    const day = (await (
      await asUser(t, cashier, 'GET', '/api/collection/days')
    ).json()) as CashierDay
    expect(day.closing).toBeNull()
  })

  it('posts a difference within the institute’s amount at once', async () => {
    const cashier = await signedInAs(t, 'small-diff-cashier', ['cashier'])
    const overShort = await balanceOf('cash_over_short')
    const res = await close(cashier, { countedCashMinor: 100_000 })
    expect(res.status).toBe(201)
    const { closing } = (await res.json()) as CashierDay
    expect(closing).toMatchObject({ differenceMinor: 100_000, differenceStatus: 'posted' })
    expect(closing!.differenceVoucherReference).not.toBeNull()
    expect(await balanceOf('cash_over_short')).toBe(overShort - 100_000)
  })

  it('asks the reason for a difference over the institute’s amount, and closes nothing without it', async () => {
    const cashier = await signedInAs(t, 'no-reason-cashier', ['cashier'])
    const res = await close(cashier, { countedCashMinor: 100_001 })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({
      fields: { differenceReason: [{ code: 'day_difference_reason_required' }] },
    })
    const day = (await (
      await asUser(t, cashier, 'GET', '/api/collection/days')
    ).json()) as CashierDay
    expect(day.closing).toBeNull()
  })

  it('closes the day with the difference pending, posts nothing, and posts it once when another user approves', async () => {
    // A day closed even, to show later that it has nothing to approve.
    const even = await signedInAs(t, 'even-cashier', ['cashier'])
    const cash = await balanceOf('cash')
    const overShort = await balanceOf('cash_over_short')
    const journals = await overShortJournals()
    const res = await close(even, { countedCashMinor: 0 })
    expect(res.status).toBe(201)
    const evenClosing = ((await res.json()) as CashierDay).closing!
    expect(evenClosing.differenceStatus).toBe('none')

    const big = await signedInAs(t, 'diff-cashier', ['cashier'])
    const closed = await close(big, {
      countedCashMinor: 250_000,
      differenceReason: '  Float not taken out  ',
      note: 'Counted twice',
    })
    expect(closed.status).toBe(201)
    const { closing } = (await closed.json()) as CashierDay
    expect(closing).toMatchObject({
      differenceMinor: 250_000,
      differenceStatus: 'pending',
      differenceReason: 'Float not taken out',
      differenceVoucherReference: null,
      differenceApprovedBy: null,
    })
    expect(await balanceOf('cash')).toBe(cash)
    expect(await balanceOf('cash_over_short')).toBe(overShort)
    expect(await overShortJournals()).toBe(journals)
    // The day is closed meanwhile.
    expect(
      (await close(big, { countedCashMinor: 250_000, differenceReason: 'Again' })).status,
    ).toBe(409)

    // Approvers see what waits; cashiers do not.
    const seen = (await (
      await asUser(t, admin, 'GET', '/api/collection/days')
    ).json()) as CashierDay
    expect(seen.pendingDifferences).toContainEqual(
      expect.objectContaining({
        closingId: closing!.id,
        cashierName: 'User diff-cashier',
        differenceMinor: 250_000,
      }),
    )
    const own = (await (await asUser(t, big, 'GET', '/api/collection/days')).json()) as CashierDay
    expect(own.pendingDifferences).toEqual([])

    // Not the cashier (no right to approve), not another institute, not a closing that is not one.
    const refused = await approve(big, closing!.id)
    expect(refused.status).toBe(403)
    await addUser(t, {
      username: 'diff-elsewhere',
      password: 'diff-elsewhere-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const elsewhere = await signIn(t, 'diff-elsewhere', 'diff-elsewhere-pass-1')
    expect((await approve(elsewhere, closing!.id)).status).toBe(404)
    expect((await approve(admin, 'not-a-closing')).status).toBe(404)
    expect(await overShortJournals()).toBe(journals)

    // Another approver: posted once, as the cashier counted; again, nothing more.
    const approved = await approve(admin, closing!.id)
    expect(approved.status).toBe(200)
    const after = ((await approved.json()) as CashierDay).closing!
    expect(after).toMatchObject({
      differenceStatus: 'posted',
      differenceApprovedBy: 'Demo Administrator',
    })
    expect(after.differenceVoucherReference).not.toBeNull()
    expect(await balanceOf('cash')).toBe(cash + 250_000)
    expect(await balanceOf('cash_over_short')).toBe(overShort - 250_000)
    const again = await approve(admin, closing!.id)
    expect(again.status).toBe(200)
    expect(((await again.json()) as CashierDay).closing!.differenceVoucherReference).toBe(
      after.differenceVoucherReference,
    )
    expect(await overShortJournals()).toBe(journals + 1)
    expect(await balanceOf('cash_over_short')).toBe(overShort - 250_000)
    // A closing with nothing waiting: 409.
    const nothing = await approve(admin, evenClosing.id)
    expect(nothing.status).toBe(409)
    expect(await nothing.json()).toMatchObject({ code: 'day_difference_not_pending' })
  })

  it('never lets cashiers approve their own day, even with the right to approve', async () => {
    await addUser(t, {
      username: 'self-approver',
      password: 'self-approver-pass-1',
      roles: ['accountant'],
    })
    const self = await signIn(t, 'self-approver', 'self-approver-pass-1')
    const closed = await close(self, { countedCashMinor: 300_000, differenceReason: 'Unknown' })
    const { closing } = (await closed.json()) as CashierDay
    expect(closing!.differenceStatus).toBe('pending')
    const res = await approve(self, closing!.id)
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'day_difference_self_approval' })
    const day = (await (await asUser(t, self, 'GET', '/api/collection/days')).json()) as CashierDay
    expect(day.closing).toMatchObject({
      differenceStatus: 'pending',
      differenceVoucherReference: null,
    })
  })

  it('takes the amount from the institute’s settings', async () => {
    const put = (amount: number) =>
      asUser(t, admin, 'PUT', '/api/collection/advances/settings', {
        autoApply: false,
        approvalAboveMinor: 500_000,
        dayDifferenceApprovalAboveMinor: amount,
      })
    expect((await put(1_000)).status).toBe(200)
    try {
      const cashier = await signedInAs(t, 'strict-cashier', ['cashier'])
      const res = await close(cashier, { countedCashMinor: 1_001 })
      expect(res.status).toBe(422)
      expect(
        (await close(cashier, { countedCashMinor: 1_001, differenceReason: 'Coins' })).status,
      ).toBe(201)
    } finally {
      await put(100_000)
    }
  })
})
