import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CounterMatch } from '../../../shared/schemas/collection-payments.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { auditLog } from '../../db/schema/access.ts'
import { outbox } from '../../db/schema/system.ts'
import {
  advanceOf,
  familyOf,
  fineMinor,
  labMinor,
  tuitionMinor,
} from '../../test-support/collection.ts'
import { paymentSuite, type PaymentSuite } from '../../test-support/collection-suites.ts'
import { fiscalYear } from '../../test-support/fiscal-dates.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

// Finding a family, taking its payments and cancelling one: each test goes on from where the one
// before left the family.
describe('payments at the counter', () => {
  let t: TestApp
  let admin: string
  let family: PaymentSuite['family']
  let cashier: string
  let pay: PaymentSuite['pay']
  let balanceOf: PaymentSuite['balanceOf']
  let statusOf: PaymentSuite['statusOf']
  paymentSuite((s) => ({ t, admin, family, cashier, pay, balanceOf, statusOf } = s))

  it('finds a student by guardian phone, invoice number or ID as one types', async () => {
    const search = async (q: string) =>
      (await (
        await asUser(t, admin, 'GET', `/api/collection/search?q=${encodeURIComponent(q)}`)
      ).json()) as { data: CounterMatch[] }
    const byPhone = await search('01711555001')
    expect(byPhone.data.map((m) => m.studentId).sort()).toEqual([...family.studentIds].sort())
    const byInvoice = await search(family.invoices[1]!.number.toLowerCase())
    expect(byInvoice.data[0]!.studentId).toBe(family.studentIds[1])
    const empty = await asUser(t, admin, 'GET', '/api/collection/search?q=%20')
    expect(empty.status).toBe(422)
  })

  it('shows the family with each member’s open lines, oldest first, and the fine as of today', async () => {
    const seen = await familyOf(t, cashier, family.studentIds[1]!)
    // The student asked for first, then the siblings (eldest first).
    expect(seen.members[0]!.studentId).toBe(family.studentIds[1])
    expect(seen.members.map((m) => m.studentId).sort()).toEqual([...family.studentIds].sort())
    const first = seen.members.find((m) => m.studentId === family.studentIds[0])!
    expect(first.lines.map((l) => [l.periodName, l.dueMinor, l.fineMinor])).toEqual([
      ['Period 1', tuitionMinor, fineMinor],
      ['Period 1', labMinor, 0],
      ['Period 2', tuitionMinor, 0],
    ])
    expect(seen.members.find((m) => m.studentId === family.studentIds[2])!.lines).toEqual([])
  })

  it('takes one payment for two children: one receipt, one balanced voucher, once per key', async () => {
    const seen = await familyOf(t, cashier, family.studentIds[0]!)
    const overdue = seen.members.flatMap((m) => m.lines).filter((l) => l.periodName === 'Period 1')
    const total = overdue.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0)
    expect(total).toBe(2 * (tuitionMinor + labMinor + fineMinor))
    const receivable = await balanceOf('fee_receivable')
    const body = {
      studentId: family.studentIds[0],
      allocations: overdue.map((l) => ({
        lineId: l.lineId,
        principalMinor: l.dueMinor,
        fineMinor: l.fineMinor,
      })),
      tenders: [{ method: 'cash', amountMinor: total, tenderedMinor: total + 500 }],
    }
    // An advance beyond its balance (the third child has none yet).
    const spend = await pay({
      studentId: family.studentIds[0],
      allocations: body.allocations,
      advanceUsed: [{ studentId: family.studentIds[2], amountMinor: 1 }],
      tenders: [{ method: 'cash', amountMinor: total - 1 }],
    })
    expect(spend.status).toBe(422)
    expect(await spend.json()).toMatchObject({
      fields: {
        'advanceUsed.0.amountMinor': [
          { code: 'advance_insufficient', values: { availableMinor: 0 } },
        ],
      },
    })
    // More than a line asks at all: bad input, named by its field.
    const line = overdue[0]!
    const tooMuch = await pay({
      studentId: family.studentIds[0],
      allocations: [
        { lineId: line.lineId, principalMinor: line.netMinor + 1, fineMinor: line.fineMinor },
      ],
      tenders: [{ method: 'cash', amountMinor: line.netMinor + 1 + line.fineMinor }],
    })
    expect(tooMuch.status).toBe(422)
    expect(await tooMuch.json()).toMatchObject({
      fields: {
        'allocations.0.principalMinor': [
          { code: 'allocation_over_line', values: { netMinor: line.netMinor } },
        ],
      },
    })
    const res = await pay(body, cashier, 'counter-two-children')
    expect(res.status).toBe(201)
    const receipt = (await res.json()) as Receipt
    expect(receipt.number).toMatch(new RegExp(`^RCT-[A-Z0-9-]+-${fiscalYear()}-000001$`))
    expect(receipt.students.map((s) => s.studentId).sort()).toEqual(
      family.studentIds.slice(0, 2).sort(),
    )
    // The child the cashier looked up comes first.
    expect(receipt.students[0]!.studentId).toBe(body.studentId)
    expect(receipt.receivedMinor).toBe(total)
    expect(receipt.tenders[0]).toMatchObject({ method: 'cash', changeMinor: 500 })
    expect(receipt.lines.reduce((s, l) => s + l.fineMinor, 0)).toBe(2 * fineMinor)
    // Still owed by the two: the first child's second period.
    expect(receipt.balanceDueMinor).toBe(tuitionMinor)
    expect(receipt.cashierName).toBe('User counter-cashier')
    expect(await balanceOf('fee_receivable')).toBe(receivable - 2 * (tuitionMinor + labMinor))
    expect(await balanceOf('fine_income')).toBe(-2 * fineMinor)
    expect(await statusOf(family.invoices[0]!.id)).toBe('paid')
    expect(await statusOf(family.invoices[1]!.id)).toBe('paid')

    const again = await pay(body, cashier, 'counter-two-children')
    expect(again.status).toBe(200)
    expect(((await again.json()) as Receipt).id).toBe(receipt.id)
    const other = await pay(
      { ...body, tenders: [{ method: 'card', amountMinor: total }] },
      cashier,
      'counter-two-children',
    )
    expect(other.status).toBe(409)
    expect(await balanceOf('fee_receivable')).toBe(receivable - 2 * (tuitionMinor + labMinor))
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, receipt.id)))
    expect(audits.map((a) => a.action)).toEqual(['collect'])
    // Sent once, however often the payment was sent.
    const copies = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like ${`%${receipt.number}%`}`)
    // The guardian's copy: by SMS to the family's phone and by email to the guardian's address.
    expect(copies.map((m) => m.channel).sort()).toEqual(['email', 'sms'])
    expect(copies.find((m) => m.channel === 'sms')!.recipient).toBe('+880 1711-555001')
    expect(copies.find((m) => m.channel === 'email')!.recipient).toBe('guardian.ctr@example.com')

    // Paid lines are gone from the counter, and paying one again is refused: nothing saved.
    const after = await familyOf(t, cashier, family.studentIds[0]!)
    expect(after.members.flatMap((m) => m.lines).map((l) => l.periodName)).toEqual(['Period 2'])
    const twice = await pay(body, cashier)
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({
      code: 'line_already_paid',
      values: { leftMinor: 0 },
    })
  })

  it('takes part of a line, and the rest over the lines into the advance', async () => {
    const [line] = (await familyOf(t, admin, family.studentIds[0]!)).members[0]!.lines
    const part = await pay({
      studentId: family.studentIds[0],
      allocations: [{ lineId: line!.lineId, principalMinor: 40_000, fineMinor: 0 }],
      tenders: [
        {
          method: 'bank',
          amountMinor: 30_000,
          bankAccount: 'Main bank account',
          reference: 'SLIP-1',
        },
        { method: 'mobile', amountMinor: 10_000, issuer: 'bKash', reference: 'TX123' },
      ],
    })
    expect(part.status).toBe(201)
    // The receipt lists the tenders in the order given, with what identifies each.
    expect(((await part.json()) as Receipt).tenders).toEqual([
      {
        method: 'bank',
        amountMinor: 30_000,
        tenderedMinor: null,
        changeMinor: 0,
        bankAccount: 'Main bank account',
        reference: 'SLIP-1',
        issuer: '',
        chequeDate: null,
        reversalReference: '',
      },
      {
        method: 'mobile',
        amountMinor: 10_000,
        tenderedMinor: null,
        changeMinor: 0,
        bankAccount: '',
        reference: 'TX123',
        issuer: 'bKash',
        chequeDate: null,
        reversalReference: '',
      },
    ])
    expect(await statusOf(family.invoices[2]!.id)).toBe('partially_paid')
    const [left] = (await familyOf(t, admin, family.studentIds[0]!)).members[0]!.lines
    expect(left!.dueMinor).toBe(tuitionMinor - 40_000)

    const over = await pay({
      studentId: family.studentIds[0],
      allocations: [{ lineId: line!.lineId, principalMinor: left!.dueMinor, fineMinor: 0 }],
      toAdvance: { studentId: family.studentIds[2], amountMinor: 7_000 },
      tenders: [{ method: 'cash', amountMinor: left!.dueMinor + 7_000 }],
    })
    expect(over.status).toBe(201)
    expect(((await over.json()) as Receipt).toAdvanceMinor).toBe(7_000)
    expect(await statusOf(family.invoices[2]!.id)).toBe('paid')
    expect(await advanceOf(t, family.studentIds[2]!)).toBe(7_000)
    expect(await balanceOf('student_advance')).toBe(-7_000)
  })

  it('refuses bad input by field, and an advance beyond its balance', async () => {
    const base = { studentId: family.studentIds[0], allocations: [] }
    const unbalanced = await pay({
      ...base,
      toAdvance: { studentId: family.studentIds[0], amountMinor: 100 },
      tenders: [{ method: 'cash', amountMinor: 99 }],
    })
    expect(unbalanced.status).toBe(422)
    expect(((await unbalanced.json()) as { fields: object }).fields).toHaveProperty('tenders')
    const cheque = await pay({
      ...base,
      toAdvance: { studentId: family.studentIds[0], amountMinor: 100 },
      tenders: [{ method: 'cheque', amountMinor: 100, bankAccount: 'Main bank account' }],
    })
    expect(cheque.status).toBe(422)
    expect(Object.keys(((await cheque.json()) as { fields: object }).fields).sort()).toEqual([
      'tenders.0.chequeDate',
      'tenders.0.issuer',
      'tenders.0.reference',
    ])
    const unknownBank = await pay({
      ...base,
      toAdvance: { studentId: family.studentIds[0], amountMinor: 100 },
      tenders: [{ method: 'bank', amountMinor: 100, bankAccount: 'Nowhere', reference: 'S' }],
    })
    expect(unknownBank.status).toBe(422)
    expect(((await unknownBank.json()) as { fields: object }).fields).toHaveProperty(
      'tenders.0.bankAccount',
    )
    // An advance moved to another at the counter: a transfer (an override), not a payment.
    const moved = await pay({
      ...base,
      advanceUsed: [{ studentId: family.studentIds[2], amountMinor: 7_000 }],
      toAdvance: { studentId: family.studentIds[0], amountMinor: 7_001 },
      tenders: [{ method: 'cash', amountMinor: 1 }],
    })
    expect(moved.status).toBe(422)
    expect(await moved.json()).toMatchObject({
      fields: { advanceUsed: [{ code: 'advance_over_lines' }] },
    })
    const stranger = await pay({
      ...base,
      toAdvance: { studentId: '00000000-0000-4000-8000-000000000000', amountMinor: 100 },
      tenders: [{ method: 'cash', amountMinor: 100 }],
    })
    expect(stranger.status).toBe(422)
    const malformed = await t.app.request('/api/collection/payments', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${admin}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'counter-malformed',
      },
      body: '{"studentId":',
    })
    expect(malformed.status).toBe(400)
  })

  it('cancels a receipt: reversed, lines open again, advance undone; needs receipt-cancel', async () => {
    const seen = await familyOf(t, admin, family.studentIds[0]!)
    expect(seen.members.flatMap((m) => m.lines)).toEqual([])
    const list = await t.database.db.execute(
      sql`select id, number from payments where institute_id = ${family.instituteId} order by sequence`,
    )
    const [first, , third] = (list as unknown as { rows: { id: string; number: string }[] }).rows
    const refused = await asUser(
      t,
      cashier,
      'POST',
      `/api/collection/payments/${first!.id}/cancel`,
      {
        reason: 'Wrong family',
      },
    )
    expect(refused.status).toBe(403)
    const noReason = await asUser(
      t,
      admin,
      'POST',
      `/api/collection/payments/${first!.id}/cancel`,
      {
        reason: ' ',
      },
    )
    expect(noReason.status).toBe(422)

    const receivable = await balanceOf('fee_receivable')
    const res = await asUser(t, admin, 'POST', `/api/collection/payments/${first!.id}/cancel`, {
      reason: 'Cheque bounced',
    })
    expect(res.status).toBe(200)
    const cancelled = (await res.json()) as Receipt
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Cheque bounced' })
    expect(cancelled.number).toBe(first!.number)
    expect(await balanceOf('fee_receivable')).toBe(receivable + 2 * (tuitionMinor + labMinor))
    expect(await balanceOf('fine_income')).toBe(0)
    expect(await statusOf(family.invoices[0]!.id)).toBe('unpaid')
    const reopened = await familyOf(t, admin, family.studentIds[0]!)
    expect(reopened.members.flatMap((m) => m.lines).map((l) => l.fineMinor)).toEqual([
      fineMinor,
      0,
      fineMinor,
      0,
    ])
    // Its voucher is not reversed from the ledger: the receipt is cancelled, as it was here.
    const [{ voucher_id: voucherId }] = (
      (await t.database.db.execute(
        sql`select voucher_id from payments where id = ${third!.id}`,
      )) as unknown as { rows: { voucher_id: string }[] }
    ).rows as [{ voucher_id: string }]
    const fromLedger = await asUser(
      t,
      admin,
      'POST',
      `/api/accounting/vouchers/${voucherId}/reverse`,
      { date: cancelled.receivedOn },
    )
    expect(fromLedger.status).toBe(409)
    expect(await fromLedger.json()).toMatchObject({ code: 'reversal_in_module' })
    const again = await asUser(t, admin, 'POST', `/api/collection/payments/${first!.id}/cancel`, {
      reason: 'Twice',
    })
    expect(again.status).toBe(409)

    // The over-payment's advance is spent: its receipt cannot be cancelled until that is undone.
    const line = reopened.members.flatMap((m) => m.lines)[1]!
    const spent = await pay({
      studentId: family.studentIds[0],
      allocations: [{ lineId: line.lineId, principalMinor: 7_000, fineMinor: 0 }],
      advanceUsed: [{ studentId: family.studentIds[2], amountMinor: 7_000 }],
      tenders: [],
    })
    expect(spent.status).toBe(201)
    expect(await advanceOf(t, family.studentIds[2]!)).toBe(0)
    const blocked = await asUser(t, admin, 'POST', `/api/collection/payments/${third!.id}/cancel`, {
      reason: 'Mistake',
    })
    expect(blocked.status).toBe(409)
    expect(await blocked.json()).toMatchObject({ code: 'advance_already_used' })
  })
})
