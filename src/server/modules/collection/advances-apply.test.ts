import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type {
  AdvanceFamily,
  AdvanceHolderList,
  AdvanceOverride,
} from '../../../shared/schemas/advances.ts'
import {
  advanceOf,
  familyOf,
  fineMinor,
  labMinor,
  tuitionMinor,
} from '../../test-support/collection.ts'
import { advanceSuite, type AdvanceSuite } from '../../test-support/collection-suites.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

// Who holds an advance, the advance policy, and applying an advance by hand; each test goes on from
// the one before.
describe('advance overrides', () => {
  let t: TestApp
  let admin: string
  let family: AdvanceSuite['family']
  let cashier: string
  let s0: string, s1: string, s2: string
  let override: AdvanceSuite['override']
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
        cashier,
        s0,
        s1,
        s2,
        override,
        advancesOf,
        balanceOf,
        fieldsOf,
        setPolicy,
      } = s),
  )

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
})
