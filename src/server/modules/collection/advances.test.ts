import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type {
  AdvanceFamily,
  AdvanceHolderList,
  AdvanceOverride,
} from '../../../shared/schemas/advances.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import { auditLog } from '../../db/schema/access.ts'
import { invoices } from '../../db/schema/fee-invoices.ts'
import {
  advanceOf,
  counterFamily,
  familyOf,
  fineMinor,
  labMinor,
  tuitionMinor,
} from '../../test-support/collection.ts'
import { signedInAs, signedInWithRules } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('advance overrides', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let family: Awaited<ReturnType<typeof counterFamily>>
  let approver: string
  let cashier: string
  let s0: string, s1: string, s2: string
  let key = 0
  const override = (body: object, token = admin, idempotencyKey = `advance-key-${++key}`) =>
    asUser(t, token, 'POST', '/api/collection/advances/overrides', body, {
      'Idempotency-Key': idempotencyKey,
    })
  const decide = (id: string, decision: 'approve' | 'reject', token: string, note = '') =>
    asUser(t, token, 'POST', `/api/collection/advances/overrides/${id}/${decision}`, { note })
  const advancesOf = async (studentId: string, token = admin) => {
    const res = await asUser(t, token, 'GET', `/api/collection/advances/families/${studentId}`)
    expect(res.status).toBe(200)
    return (await res.json()) as AdvanceFamily
  }
  const balanceOf = async (purpose: string) =>
    Number(
      (
        (await t.database.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0) as n
          from voucher_lines l join coa_mappings m on m.account_id = l.account_id
            and m.purpose = ${purpose} and m.institute_id = l.institute_id
          where l.institute_id = ${family.instituteId}`)) as unknown as { rows: { n: string }[] }
      ).rows[0]!.n,
    )
  const fieldsOf = async (res: Response) =>
    ((await res.json()) as { fields: Record<string, { code: string }[]> }).fields
  const setPolicy = (body: object, token = admin) =>
    asUser(t, token, 'PUT', '/api/collection/advances/settings', body)

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'ADV', '+880 1711-555077')
    ;[s0, s1, s2] = family.studentIds as [string, string, string]
    approver = await signedInAs(t, 'advance-approver', ['accountant'])
    cashier = await signedInAs(t, 'advance-cashier', ['cashier'])
    // 200,000 paid ahead for the first child: their advance.
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      {
        studentId: s0,
        allocations: [],
        toAdvance: { studentId: s0, amountMinor: 200_000 },
        tenders: [{ method: 'cash', amountMinor: 200_000 }],
      },
      { 'Idempotency-Key': 'advance-paid-ahead' },
    )
    expect(res.status).toBe(201)
  })

  it('lists who holds an advance, and a family’s movements', async () => {
    const list = (await (
      await asUser(t, cashier, 'GET', '/api/collection/advances')
    ).json()) as AdvanceHolderList
    expect(list.data.find((h) => h.studentId === s0)?.advanceMinor).toBe(200_000)
    expect(list.totalMinor).toBe(-(await balanceOf('student_advance')))
    const byPhone = (await (
      await asUser(t, cashier, 'GET', '/api/collection/advances?q=01711555077')
    ).json()) as AdvanceHolderList
    expect(byPhone.data.map((h) => [h.studentId, h.advanceMinor]).sort()).toEqual(
      [
        [s0, 200_000],
        [s1, 0],
        [s2, 0],
      ].sort(),
    )
    const seen = await advancesOf(s0, cashier)
    expect(seen.family.members.map((m) => m.studentId).sort()).toEqual([s0, s1, s2].sort())
    expect(seen.movements).toMatchObject([
      { studentId: s0, kind: 'overpayment', amountMinor: 200_000, undoPaymentId: null },
    ])
    expect(seen.movements[0]!.receiptNumber).toMatch(/^RCT-/)
  })

  it('keeps a policy: defaults, saved by who may update it, bad input by field', async () => {
    const read = await asUser(t, cashier, 'GET', '/api/collection/advances/settings')
    expect(await read.json()).toEqual({
      autoApply: false,
      approvalAboveMinor: 500_000,
      dayDifferenceApprovalAboveMinor: 100_000,
    })
    expect((await setPolicy({ autoApply: false, approvalAboveMinor: 1 }, cashier)).status).toBe(403)
    const bad = await setPolicy({ autoApply: 'yes', approvalAboveMinor: -5 })
    expect(bad.status).toBe(422)
    expect(Object.keys(await fieldsOf(bad)).sort()).toEqual(['approvalAboveMinor', 'autoApply'])
    const saved = await setPolicy({ autoApply: false, approvalAboveMinor: 150_000 })
    expect(await saved.json()).toEqual({
      autoApply: false,
      approvalAboveMinor: 150_000,
      dayDifferenceApprovalAboveMinor: 100_000,
    })
  })

  it('applies an advance to chosen lines, fine first, and undoes it', async () => {
    const lines = (await familyOf(t, admin, s0)).members
      .find((m) => m.studentId === s0)!
      .lines.filter((l) => l.periodName === 'Period 1')
    const receivable = await balanceOf('fee_receivable')
    const body = {
      kind: 'apply',
      studentId: s0,
      amountMinor: tuitionMinor + fineMinor,
      lineIds: lines.map((l) => l.lineId),
      reason: 'Guardian asked to settle the overdue tuition',
    }
    const res = await override(body, admin, 'advance-apply')
    expect(res.status).toBe(201)
    const applied = (await res.json()) as AdvanceOverride
    expect(applied).toMatchObject({ kind: 'apply', status: 'done', amountMinor: 105_000 })
    expect(applied.receiptNumber).toMatch(/^RCT-/)
    expect(await advanceOf(t, s0)).toBe(95_000)
    expect(await balanceOf('fee_receivable')).toBe(receivable - tuitionMinor)
    // Tuition (priority 1) with its fine first; the lab line is not reached.
    const after = (await familyOf(t, admin, s0)).members.find((m) => m.studentId === s0)!
    expect(after.lines.filter((l) => l.periodName === 'Period 1').map((l) => l.dueMinor)).toEqual([
      labMinor,
    ])
    const again = await override(body, admin, 'advance-apply')
    expect(again.status).toBe(200)
    expect(((await again.json()) as AdvanceOverride).id).toBe(applied.id)
    expect((await override({ ...body, amountMinor: 1 }, admin, 'advance-apply')).status).toBe(409)

    const use = (await advancesOf(s0)).movements.find((m) => m.kind === 'used')!
    expect(use.undoPaymentId).not.toBeNull()
    const undo = {
      kind: 'undo',
      studentId: s0,
      paymentId: use.undoPaymentId,
      reason: 'Wrong lines',
    }
    const undone = await override(undo)
    expect(undone.status).toBe(201)
    expect(await undone.json()).toMatchObject({
      kind: 'undo',
      status: 'done',
      amountMinor: 105_000,
    })
    expect(await advanceOf(t, s0)).toBe(200_000)
    expect(await balanceOf('fee_receivable')).toBe(receivable)
    const twice = await override(undo)
    expect(twice.status).toBe(422)
    expect((await fieldsOf(twice)).paymentId![0]!.code).toBe('override_not_undoable')
  })

  it('refuses bad overrides by field, and undoing a receipt that took money', async () => {
    const line = (await familyOf(t, admin, s0)).members.find((m) => m.studentId === s0)!.lines[0]!
    const cases: [object, string, string][] = [
      [
        { kind: 'apply', studentId: s0, amountMinor: 200_001, lineIds: [line.lineId], reason: 'x' },
        'amountMinor',
        'advance_insufficient',
      ],
      [
        { kind: 'apply', studentId: s0, amountMinor: 190_000, lineIds: [line.lineId], reason: 'x' },
        'amountMinor',
        'override_over_due',
      ],
      [
        { kind: 'apply', studentId: s0, amountMinor: 10, lineIds: [family.tuition], reason: 'x' },
        'lineIds.0',
        'line_not_open',
      ],
      [
        { kind: 'apply', studentId: s0, amountMinor: 10, lineIds: [], reason: 'x' },
        'lineIds',
        'override_lines_required',
      ],
      [
        {
          kind: 'apply',
          studentId: s0,
          amountMinor: 10,
          lineIds: [line.lineId, line.lineId],
          reason: 'x',
        },
        'lineIds',
        'payment_line_twice',
      ],
      [
        { kind: 'apply', studentId: s0, amountMinor: 0, lineIds: [line.lineId], reason: 'x' },
        'amountMinor',
        'amount_positive',
      ],
      [
        { kind: 'transfer', studentId: s0, toStudentId: s0, amountMinor: 10, reason: 'x' },
        'toStudentId',
        'transfer_same_student',
      ],
      [
        {
          kind: 'refund',
          studentId: s0,
          amountMinor: 10,
          method: 'bank',
          bankAccount: 'Nowhere',
          reason: 'x',
        },
        'bankAccount',
        'unknown_bank_account',
      ],
      [
        { kind: 'refund', studentId: s0, amountMinor: 10, method: 'bank', reason: 'x' },
        'bankAccount',
        'bank_required',
      ],
      [
        { kind: 'refund', studentId: s0, amountMinor: 10, method: 'cash', reason: ' ' },
        'reason',
        'override_reason_required',
      ],
      [
        { kind: 'refund', studentId: family.tuition, amountMinor: 10, method: 'cash', reason: 'x' },
        'studentId',
        'student_not_found',
      ],
      [{ kind: 'gift', studentId: s0 }, 'kind', 'unknown_override_kind'],
    ]
    for (const [body, field, code] of cases) {
      const res = await override(body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect((await fieldsOf(res))[field]?.[0]?.code, JSON.stringify(body)).toBe(code)
    }
    const paid = (await (
      await asUser(t, admin, 'GET', '/api/collection/advances/families/' + s0)
    ).json()) as AdvanceFamily
    const cashReceipt = await t.database.db.execute(
      sql`select payment_id as id from advance_movements where student_id = ${s0} and kind = 'overpayment'`,
    )
    const id = (cashReceipt as unknown as { rows: { id: string }[] }).rows[0]!.id
    expect(paid.movements.every((m) => m.undoPaymentId !== id)).toBe(true)
    const res = await override({ kind: 'undo', studentId: s0, paymentId: id, reason: 'x' })
    expect(res.status).toBe(422)
    const keyless = await asUser(t, admin, 'POST', '/api/collection/advances/overrides', {
      kind: 'refund',
      studentId: s0,
      amountMinor: 10,
      method: 'cash',
      reason: 'No key',
    })
    expect(keyless.status).toBe(400)
    expect(await advanceOf(t, s0)).toBe(200_000)
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
