import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdvanceHolderList, AdvanceOverride } from '../../../shared/schemas/advances.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import { auditLog } from '../../db/schema/access.ts'
import { invoices } from '../../db/schema/fee-invoices.ts'
import { advanceOf, familyOf, tuitionMinor } from '../../test-support/collection.ts'
import { advanceSuite, type AdvanceSuite } from '../../test-support/collection-suites.ts'
import { signedInWithRules } from '../../test-support/admission.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

// Overrides above the policy’s amount waiting for approval, automatic use on a new invoice, and who
// may act; each test goes on from the one before.
describe('advance overrides', () => {
  let t: TestApp
  let admin: string
  let family: AdvanceSuite['family']
  let approver: string
  let cashier: string
  let s0: string, s1: string
  let override: AdvanceSuite['override']
  let decide: AdvanceSuite['decide']
  let advancesOf: AdvanceSuite['advancesOf']
  let balanceOf: AdvanceSuite['balanceOf']
  let fieldsOf: AdvanceSuite['fieldsOf']
  let setPolicy: AdvanceSuite['setPolicy']
  advanceSuite(
    (s) =>
      ({
        t,
        admin,
        family,
        approver,
        cashier,
        s0,
        s1,
        override,
        decide,
        advancesOf,
        balanceOf,
        fieldsOf,
        setPolicy,
      } = s),
  )

  // The policy the tests here work under, as advances-apply.test.ts saves it: transfers above
  // 150,000 wait for another user's approval.
  beforeAll(async () => {
    expect((await setPolicy({ autoApply: false, approvalAboveMinor: 150_000 })).status).toBe(200)
  })

  it('waits above the policy’s amount for another user’s approval, then transfers', async () => {
    const advances = await balanceOf('student_advance')
    const res = await override({
      kind: 'transfer',
      studentId: s0,
      toStudentId: s1,
      amountMinor: 160_000,
      reason: 'Sibling’s fees',
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const asked = (await res.json()) as AdvanceOverride
    expect(asked).toMatchObject({ status: 'pending', toStudentName: expect.any(String) })
    expect(await advanceOf(t, s0)).toBe(200_000)
    const pending = (await (
      await asUser(t, approver, 'GET', '/api/collection/advances/overrides')
    ).json()) as { data: AdvanceOverride[] }
    expect(pending.data.map((o) => o.id)).toContain(asked.id)

    const own = await decide(asked.id, 'approve', admin)
    expect(own.status).toBe(403)
    expect(await own.json()).toMatchObject({ code: 'override_self_approval' })
    expect((await decide(asked.id, 'approve', cashier)).status).toBe(403)
    const approved = await decide(asked.id, 'approve', approver, 'Checked with the guardian')
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({
      status: 'done',
      decidedBy: 'User advance-approver',
      decisionNote: 'Checked with the guardian',
    })
    expect(await advanceOf(t, s0)).toBe(40_000)
    expect(await advanceOf(t, s1)).toBe(160_000)
    expect(await balanceOf('student_advance')).toBe(advances)
    expect((await decide(asked.id, 'approve', approver)).status).toBe(409)
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'advance_override'), eq(auditLog.entityId, asked.id)))
    expect(audits.map((a) => a.action).sort()).toEqual(['approve', 'request'])
  })

  it('checks again at approval, and a rejection moves nothing', async () => {
    const refund = await override({
      kind: 'refund',
      studentId: s1,
      amountMinor: 160_000,
      method: 'cash',
      reason: 'Leaving the school',
    })
    const asked = (await refund.json()) as AdvanceOverride
    expect(asked.status).toBe('pending')
    // Meanwhile part of the advance is refunded at once (under the policy's amount), in cash
    // out of the refunder's drawer: their day expects that much less.
    const cash = await balanceOf('cash')
    const drawer = async () =>
      (
        (await (await asUser(t, admin, 'GET', '/api/collection/days')).json()) as {
          expectedCashMinor: number
        }
      ).expectedCashMinor
    const expected = await drawer()
    const small = await override({
      kind: 'refund',
      studentId: s1,
      amountMinor: 60_000,
      method: 'cash',
      reason: 'Uniform money back',
    })
    expect(await small.json()).toMatchObject({ status: 'done' })
    expect(await balanceOf('cash')).toBe(cash - 60_000)
    expect(await drawer()).toBe(expected - 60_000)
    expect(await advanceOf(t, s1)).toBe(100_000)
    const late = await decide(asked.id, 'approve', approver)
    expect(late.status).toBe(422)
    expect((await fieldsOf(late)).amountMinor![0]!.code).toBe('advance_insufficient')
    const rejected = await decide(asked.id, 'reject', approver, 'Ask for the smaller amount')
    expect(await rejected.json()).toMatchObject({ status: 'rejected' })
    expect(await advanceOf(t, s1)).toBe(100_000)
    const kinds = (await advancesOf(s1)).movements
      .filter((m) => m.studentId === s1)
      .map((m) => [m.kind, m.amountMinor])
    expect(kinds).toEqual([
      ['refund', -60_000],
      ['transfer', 160_000],
    ])
  })

  it('applies an advance to a new invoice when the policy says so', async () => {
    expect((await setPolicy({ autoApply: true, approvalAboveMinor: 150_000 })).status).toBe(200)
    const [current] = await t.database.db
      .select({ periodId: invoices.periodId })
      .from(invoices)
      .where(eq(invoices.id, family.invoices[2]!.id))
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/fees/invoices',
      {
        studentId: s1,
        academicSessionId: family.sessionId,
        periodId: current!.periodId,
        feeHeadIds: [family.tuition],
      },
      { 'Idempotency-Key': 'advance-auto-invoice' },
    )
    expect(res.status).toBe(201)
    const invoice = (await res.json()) as Invoice
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id))
    expect(row!.status).toBe('paid')
    expect(await advanceOf(t, s1)).toBe(100_000 - tuitionMinor)
    // Only the new invoice is paid: the older one is still owed.
    expect((await familyOf(t, admin, s1)).members[0]!.lines.map((l) => l.periodName)).toEqual([
      'Period 1',
      'Period 1',
    ])
    const use = (await advancesOf(s1)).movements.find((m) => m.studentId === s1)!
    expect(use).toMatchObject({ kind: 'used', amountMinor: -tuitionMinor })
    expect(use.undoPaymentId).not.toBeNull()
    const receipt = (await (
      await asUser(t, admin, 'GET', `/api/collection/payments/${use.undoPaymentId}`)
    ).json()) as Receipt
    expect(receipt.receivedMinor).toBe(0)
    await setPolicy({ autoApply: false, approvalAboveMinor: 150_000 })
  })

  it('keeps the ledger and the advances equal', async () => {
    const total = (await (
      await asUser(t, admin, 'GET', '/api/collection/advances')
    ).json()) as AdvanceHolderList
    expect(total.totalMinor).toBe(-(await balanceOf('student_advance')))
  })

  it('keeps other institutes and users without the right out', async () => {
    const stranger = await signedInWithRules(t, 'advance-stranger', [
      { action: 'read', subject: 'payment-collection' },
    ])
    expect((await asUser(t, stranger, 'GET', '/api/collection/advances')).status).toBe(403)
    expect(
      (await asUser(t, stranger, 'GET', `/api/collection/advances/families/${s0}`)).status,
    ).toBe(403)
    const asCashier = await override(
      { kind: 'refund', studentId: s0, amountMinor: 1, method: 'cash', reason: 'x' },
      cashier,
    )
    expect(asCashier.status).toBe(403)
    await addUser(t, {
      username: 'advance-other',
      password: 'advance-other-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'advance-other', 'advance-other-1')
    expect((await asUser(t, other, 'GET', `/api/collection/advances/families/${s0}`)).status).toBe(
      404,
    )
    const theirs = await override(
      { kind: 'refund', studentId: s0, amountMinor: 1, method: 'cash', reason: 'x' },
      other,
    )
    expect(theirs.status).toBe(422)
    const [anyOverride] = (
      (await t.database.db.execute(sql`select id from advance_overrides limit 1`)) as unknown as {
        rows: { id: string }[]
      }
    ).rows
    expect((await decide(anyOverride!.id, 'reject', other)).status).toBe(404)
    expect((await decide('not-an-id', 'reject', admin)).status).toBe(404)
    expect(await advanceOf(t, s0)).toBe(40_000)
  })
})
