import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { GroupInvoiceRun } from '../../../shared/schemas/fees-invoices.ts'
import { allocate, totalDue } from '../../../shared/fees/allocation.ts'
import { invoices } from '../../db/schema/fee-invoices.ts'
import { fineRules } from '../../db/schema/fee-rules.ts'
import { enrolments } from '../../db/schema/students.ts'
import { duesOfAllStudents, familyOf, studentDues } from '../../test-support/collection.ts'
import {
  addConcession,
  addConfig,
  addCycle,
  addHead,
  addVat,
  demoInstituteId,
  demoSession,
  receivableBalance,
  subLedgerTotal,
} from '../../test-support/fee-invoices.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { expectReportsAgree, expectReportLinesAgree } from '../../test-support/reports.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/*
 * Ledger = dues: whatever sequence of single invoices, group runs, concessions granted (before
 * invoicing, or approved after it: concession credit notes), invoice cancellations, payments at
 * the counter (partial, over-paid into the advance, paid with the advance, with fines charged
 * or waived) and receipt cancellations happens, Σ student balances in the sub-ledger (every
 * invoice line's net, a credit note's lines negative, less what is paid) equals the Fee
 * receivable account's balance, Σ advances the Student advances account's and Σ fines paid the
 * Fine income account's, to the minor unit. The same holds for what the API shows: each
 * student's total due on the student page, and the principal left at the counter, are that
 * student's share of the sub-ledger (a fine paid, partly paid, waived or cancelled is never in
 * it), and Σ the student pages' dues is the Fee receivable account's balance. The reports agree
 * too: the due report's total is Fee receivable, the paid report's money the receipt vouchers'.
 */
describe('ledger = dues', () => {
  let t: TestApp
  let admin: string
  let checker: string
  adminSuite((s) => ({ t, admin } = s))

  let instituteId: string
  let sessionId: string
  let classIds: string[]
  let studentIds: string[]
  let heads: string[]
  let periods: string[]
  let key = 0

  beforeAll(async () => {
    const db = t.database.db
    checker = await signedInAs(t, 'ledger-checker', ['accountant'])
    instituteId = await demoInstituteId(db)
    ;({ sessionId, classIds } = await demoSession(db, instituteId))
    classIds = classIds.slice(0, 2)
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 3)
    periods = rows.map((p) => p.id)
    const tuition = (await addHead(db, instituteId, { code: 'TUI' })).id
    const lab = (await addHead(db, instituteId, { code: 'LAB' })).id
    const lib = (await addHead(db, instituteId, { code: 'LIB' })).id
    await addVat(db, instituteId, lab, 1500)
    await addVat(db, instituteId, lib, 750, true)
    heads = [tuition, lab, lib]
    // Invoices are made overdue before a payment: tuition then carries a fine.
    await db.insert(fineRules).values({
      instituteId,
      feeHeadId: tuition,
      kind: 'fixed_once',
      amountMinor: 777,
      effectiveFrom: '2000-01-01',
    })
    for (const classId of classIds) {
      for (const [i, feeHeadId] of heads.entries()) {
        await addConfig(db, instituteId, {
          academicSessionId: sessionId,
          classId,
          feeHeadId,
          cycleId: cycle.id,
          amountMinor: [100_001, 33_333, 9_999][i]!,
        })
      }
    }
    studentIds = (
      await db
        .select({ id: enrolments.studentId })
        .from(enrolments)
        .where(
          and(eq(enrolments.academicSessionId, sessionId), eq(enrolments.classId, classIds[0]!)),
        )
        .limit(6)
    ).map((r) => r.id)
  })

  type Action =
    | { kind: 'invoice'; student: number; period: number; heads: number[] }
    | { kind: 'group'; klass: number; period: number; heads: number[] }
    | { kind: 'concession'; student: number; head: number | null; percent: boolean; value: number }
    | { kind: 'cancel'; pick: number }
    | {
        kind: 'pay'
        student: number
        lines: number
        percent: number
        useAdvance: boolean
        waive: boolean
        /** Only the chosen lines' fines (a share of them, so partly too), no principal. */
        finesOnly: boolean
      }
    | { kind: 'cancelReceipt'; pick: number }
    | {
        kind: 'approve'
        student: number
        head: number | null
        percent: boolean
        value: number
        from: number
        span: number
      }

  const headPick = fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 })
  const action: fc.Arbitrary<Action> = fc.oneof(
    fc.record({
      kind: fc.constant('invoice' as const),
      student: fc.nat(5),
      period: fc.nat(2),
      heads: headPick,
    }),
    fc.record({
      kind: fc.constant('group' as const),
      klass: fc.nat(1),
      period: fc.nat(2),
      heads: headPick,
    }),
    fc.record({
      kind: fc.constant('concession' as const),
      student: fc.nat(5),
      head: fc.option(fc.nat(2), { nil: null }),
      percent: fc.boolean(),
      value: fc.integer({ min: 1, max: 10_000 }),
    }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(1000) }),
    // Lines chosen by a bit mask; the amount a share of what they come to (over 100%: advance).
    // Payments weigh more: most sequences then pay, and cancel some of what they paid.
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('pay' as const),
        student: fc.nat(5),
        lines: fc.integer({ min: 1, max: 63 }),
        percent: fc.integer({ min: 1, max: 150 }),
        useAdvance: fc.boolean(),
        waive: fc.boolean(),
        finesOnly: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('cancelReceipt' as const), pick: fc.nat(1000) }),
    },
    // Requested and approved after invoicing: the posted invoices get concession credit notes.
    fc.record({
      kind: fc.constant('approve' as const),
      student: fc.nat(5),
      head: fc.option(fc.nat(2), { nil: null }),
      percent: fc.boolean(),
      value: fc.integer({ min: 1, max: 10_000 }),
      from: fc.nat(2),
      span: fc.nat(2),
    }),
  )

  async function apply(a: Action) {
    const db = t.database.db
    const headIds = (picks: number[]) => picks.map((h) => heads[h]!)
    if (a.kind === 'invoice') {
      const res = await asUser(
        t,
        admin,
        'POST',
        '/api/fees/invoices',
        {
          studentId: studentIds[a.student],
          academicSessionId: sessionId,
          periodId: periods[a.period],
          feeHeadIds: headIds(a.heads),
        },
        { 'Idempotency-Key': `ledger-key-${++key}` },
      )
      expect([201, 409]).toContain(res.status)
    } else if (a.kind === 'group') {
      const res = await asUser(
        t,
        admin,
        'POST',
        '/api/fees/group-invoice/runs',
        {
          academicSessionId: sessionId,
          periodIds: [periods[a.period]],
          classIds: [classIds[a.klass]],
          feeHeadIds: headIds(a.heads),
        },
        { 'Idempotency-Key': `ledger-key-${++key}` },
      )
      expect(res.status).toBe(202)
      await t.app.services.jobs.drain()
      const run = (await res.json()) as GroupInvoiceRun
      const done = (await (
        await asUser(t, admin, 'GET', `/api/fees/group-invoice/runs/${run.id}`)
      ).json()) as GroupInvoiceRun
      expect(done.status).toBe('succeeded')
    } else if (a.kind === 'concession') {
      await addConcession(db, instituteId, {
        studentId: studentIds[a.student]!,
        academicSessionId: sessionId,
        feeHeadId: a.head === null ? null : heads[a.head]!,
        kind: a.percent ? 'percent' : 'fixed',
        rateBp: a.percent ? a.value : null,
        amountMinor: a.percent ? null : a.value * 7,
      })
    } else if (a.kind === 'approve') {
      const requested = await asUser(t, admin, 'POST', '/api/fees/concessions', {
        studentId: studentIds[a.student],
        feeHeadId: a.head === null ? null : heads[a.head],
        academicSessionId: sessionId,
        fromPeriodId: periods[a.from],
        toPeriodId: periods[Math.min(2, a.from + a.span)],
        terms: a.percent
          ? { kind: 'percent', rateBp: a.value }
          : { kind: 'fixed', amount: a.value * 7 },
        category: 'merit',
        reason: 'Property test',
      })
      expect(requested.status).toBe(201)
      const { id } = (await requested.json()) as { id: string }
      const approved = await asUser(t, checker, 'POST', `/api/fees/concessions/${id}/approve`, {
        note: '',
      })
      expect(approved.status).toBe(200)
    } else if (a.kind === 'pay') {
      await pay(a)
    } else if (a.kind === 'cancelReceipt') {
      const receipts = (
        (await db.execute(
          sql`select id from payments where institute_id = ${instituteId}
            and status = 'posted' order by sequence`,
        )) as unknown as { rows: { id: string }[] }
      ).rows
      if (!receipts.length) return
      const id = receipts[a.pick % receipts.length]!.id
      const res = await asUser(t, admin, 'POST', `/api/collection/payments/${id}/cancel`, {
        reason: 'Property test',
      })
      // Refused only when the advance it added has been spent since.
      expect([200, 409]).toContain(res.status)
    } else {
      const open = (
        (await db.execute(
          sql`select id from invoices where institute_id = ${instituteId}
            and status <> 'cancelled' and credit_of is null order by sequence`,
        )) as unknown as { rows: { id: string }[] }
      ).rows
      if (!open.length) return
      const id = open[a.pick % open.length]!.id
      const res = await asUser(t, admin, 'POST', `/api/fees/invoices/${id}/cancel`, {
        reason: 'Property test',
      })
      // An invoice something was paid on is refused: its receipts are cancelled first.
      if (res.status !== 200) {
        expect(await res.json()).toMatchObject({ code: 'invoice_has_payments' })
      }
    }
  }

  /**
   * A payment at the counter for chosen lines of the first student from `a.student` on who has
   * open lines, made overdue first.
   */
  async function pay(a: Extract<Action, { kind: 'pay' }>) {
    const db = t.database.db
    const owing = (
      (await db.execute(
        sql`select distinct student_id from invoice_lines where institute_id = ${instituteId}
          and not cancelled and credits_line_id is null and paid_minor < net_minor`,
      )) as unknown as { rows: { student_id: string }[] }
    ).rows.map((r) => r.student_id)
    const studentId = [...studentIds.slice(a.student), ...studentIds.slice(0, a.student)].find(
      (id) => owing.includes(id),
    )
    if (!studentId) return
    await db
      .update(invoices)
      .set({ issueDate: '2000-01-01', dueDate: '2000-01-15' })
      .where(and(eq(invoices.instituteId, instituteId), eq(invoices.studentId, studentId)))
    let member = (await familyOf(t, admin, studentId)).members[0]!
    const fined = member.lines.find((l) => l.fineMinor > 0)
    if (a.waive && fined) {
      const res = await asUser(
        t,
        admin,
        'POST',
        `/api/fees/invoices/${fined.invoiceId}/lines/${fined.lineId}/fine-waivers`,
        { amountMinor: Math.ceil(fined.fineMinor / 2), reason: 'Property test' },
      )
      expect(res.status).toBe(201)
      member = (await familyOf(t, admin, studentId)).members[0]!
    }
    const picked = member.lines.filter((_, i) => a.lines & (1 << i))
    // Fines only: the lines' principal left out, at most all of their fines.
    const chosen = a.finesOnly ? picked.map((l) => ({ ...l, dueMinor: 0 })) : picked
    const due = totalDue(chosen)
    const used = a.useAdvance ? Math.min(member.advanceMinor, due) : 0
    const received = Math.floor((due * (a.finesOnly ? Math.min(a.percent, 100) : a.percent)) / 100)
    const { allocations, restMinor } = allocate(chosen, received + used)
    if (received === 0 && !allocations.length) return
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      {
        studentId,
        allocations,
        advanceUsed: used ? [{ studentId, amountMinor: used }] : [],
        toAdvance: restMinor ? { studentId, amountMinor: restMinor } : null,
        tenders: received ? [{ method: 'cash', amountMinor: received }] : [],
      },
      { 'Idempotency-Key': `ledger-key-${++key}` },
    )
    expect(res.status).toBe(201)
  }

  /** The balance (debits less credits) of the account mapped to `purpose`. */
  const balanceOf = (purpose: string) =>
    one(sql`select coalesce(sum(l.debit - l.credit), 0) as n from voucher_lines l
      join coa_mappings m on m.account_id = l.account_id and m.purpose = ${purpose}
        and m.institute_id = l.institute_id
      where l.institute_id = ${instituteId}`)
  const one = async (query: ReturnType<typeof sql>) =>
    Number(
      ((await t.database.db.execute(query)) as unknown as { rows: { n: string | null }[] }).rows[0]!
        .n ?? 0,
    )

  /** A student's share of the sub-ledger: Σ (net − paid) over their lines, credit notes' too. */
  const subLedgerOf = (studentId: string) =>
    one(sql`select coalesce(sum(net_minor - paid_minor), 0) as n from invoice_lines
      where institute_id = ${instituteId} and student_id = ${studentId}`)

  /** What the student page and the counter show each student owes is their sub-ledger. */
  async function expectDuesShownAsLedger() {
    for (const studentId of studentIds) {
      const owed = await subLedgerOf(studentId)
      expect((await studentDues(t, admin, studentId)).totalDueMinor).toBe(owed)
      const member = (await familyOf(t, admin, studentId)).members[0]!
      expect(member.lines.reduce((s, l) => s + l.dueMinor, 0)).toBe(owed)
    }
  }

  it('keeps Σ student balances equal to the Fee receivable balance', async () => {
    await fc.assert(
      // Each sequence starts by invoicing the class of the students paid at the counter (gaps
      // only), so that its payments find lines to pay, fines among them.
      fc.asyncProperty(
        fc.nat(2),
        fc.array(action, { minLength: 1, maxLength: 10 }),
        async (period, rest) => {
          const actions: Action[] = [{ kind: 'group', klass: 0, period, heads: [0, 1, 2] }, ...rest]
          for (const a of actions) {
            await apply(a)
            if (a.kind === 'pay' || a.kind === 'cancelReceipt') await expectDuesShownAsLedger()
            await expectReportsAgree(t, admin, instituteId)
            expect(await subLedgerTotal(t.database.db, instituteId)).toBe(
              await receivableBalance(t.database.db, instituteId),
            )
            expect(
              await one(sql`select coalesce(sum(amount_minor), 0) as n from advance_movements
              where institute_id = ${instituteId}`),
            ).toBe(0 - (await balanceOf('student_advance')))
            expect(
              await one(sql`select coalesce(sum(fine_minor), 0) as n from invoice_lines
              where institute_id = ${instituteId}`),
            ).toBe(0 - (await balanceOf('fine_income')))
          }
        },
      ),
      { numRuns: 12 },
    )
    // On what the runs left, line by line (a read per student: too slow for every step), and
    // Σ the student pages' dues of every student invoiced along the way is the control account.
    await expectReportLinesAgree(t, admin, instituteId)
    expect(await duesOfAllStudents(t, admin, instituteId)).toBe(
      await receivableBalance(t.database.db, instituteId),
    )
  }, 600_000)
})
