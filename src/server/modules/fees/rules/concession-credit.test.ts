import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Concession } from '../../../../shared/schemas/fee-rules.ts'
import type { Invoice } from '../../../../shared/schemas/fees-invoices.ts'
import { auditLog } from '../../../db/schema/access.ts'
import { concessions } from '../../../db/schema/fee-rules.ts'
import { signedInAs } from '../../../test-support/admission.ts'
import {
  activeStudentsIn,
  addConfig,
  addCycle,
  addHead,
  addVat,
  demoInstituteId,
  demoSession,
  receivableBalance,
  subLedgerTotal,
} from '../../../test-support/fee-invoices.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../../test-support/test-app.ts'
import { creditApprovedConcession } from './concession-credit.ts'

describe('concession credit notes', () => {
  let t: TestApp
  let admin: string
  let checker: string
  adminSuite((s) => ({ t, admin } = s))

  let instituteId: string
  let sessionId: string
  let studentIds: string[]
  let tuition: string
  let lab: string
  let periods: string[]
  let key = 0

  beforeAll(async () => {
    const db = t.database.db
    instituteId = await demoInstituteId(db)
    const session = await demoSession(db, instituteId)
    sessionId = session.sessionId
    const classId = session.classIds[0]!
    studentIds = (await activeStudentsIn(db, sessionId, classId, 3)).map((r) => r.id)
    tuition = (await addHead(db, instituteId, { code: 'CCT' })).id
    lab = (await addHead(db, instituteId, { code: 'CCL' })).id
    await addVat(db, instituteId, lab, 1500)
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 3)
    periods = rows.map((p) => p.id)
    const config = { academicSessionId: sessionId, classId, cycleId: cycle.id }
    await addConfig(db, instituteId, { ...config, feeHeadId: tuition, amountMinor: 100_000 })
    await addConfig(db, instituteId, { ...config, feeHeadId: lab, amountMinor: 20_000 })
    checker = await signedInAs(t, 'credit-checker', ['accountant'])
  })

  const invoice = async (studentId: string, period: number) => {
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/fees/invoices',
      {
        studentId,
        academicSessionId: sessionId,
        periodId: periods[period],
        feeHeadIds: [tuition, lab],
      },
      { 'Idempotency-Key': `credit-key-${++key}` },
    )
    expect(res.status).toBe(201)
    return (await res.json()) as Invoice
  }
  const read = async (id: string) =>
    (await (await asUser(t, admin, 'GET', `/api/fees/invoices/${id}`)).json()) as Invoice
  const requested = async (body: object) => {
    const res = await asUser(t, admin, 'POST', '/api/fees/concessions', {
      academicSessionId: sessionId,
      category: 'merit',
      reason: 'Top of the class',
      fromPeriodId: null,
      toPeriodId: null,
      ...body,
    })
    expect(res.status).toBe(201)
    return (await res.json()) as Concession
  }
  const approve = (id: string) =>
    asUser(t, checker, 'POST', `/api/fees/concessions/${id}/approve`, { note: 'Checked' })
  const balanced = async () =>
    expect(await subLedgerTotal(t.database.db, instituteId)).toBe(
      await receivableBalance(t.database.db, instituteId),
    )

  it('credits the posted invoices in its periods and heads when approved, once', async () => {
    const student = studentIds[0]!
    const first = await invoice(student, 0)
    const second = await invoice(student, 1)
    const third = await invoice(student, 2)
    expect(first.totalMinor).toBe(123_000)
    const concession = await requested({
      studentId: student,
      feeHeadId: null,
      terms: { kind: 'percent', rateBp: 1_000 },
      fromPeriodId: periods[1],
      toPeriodId: periods[2],
    })
    // Requesting credits nothing; approving credits the invoices of periods 2 and 3.
    expect((await read(second.id)).concessionCredits).toEqual([])
    const res = await approve(concession.id)
    expect(res.status).toBe(200)
    expect((await read(first.id)).concessionCredits).toEqual([])
    for (const credited of [second, third]) {
      const after = await read(credited.id)
      // 10 % of 100,000 and of 20,000, with the 15 % VAT of the lab's 2,000: 12,300.
      expect(after.concessionCredits).toEqual([
        expect.objectContaining({ concessionId: concession.id, totalMinor: -12_300 }),
      ])
      expect(after.status).toBe('unpaid')
      expect(after.creditNoteId).toBeNull()
      const note = await read(after.concessionCredits[0]!.id)
      expect(note).toMatchObject({ creditOf: credited.id, totalMinor: -12_300 })
      expect(note.lines).toEqual([
        expect.objectContaining({ grossMinor: 0, concessionMinor: 10_000, netMinor: -10_000 }),
        expect.objectContaining({
          concessionMinor: 2_000,
          vatMinor: -300,
          netMinor: -2_300,
        }),
      ])
    }
    await balanced()
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, concession.id), eq(auditLog.action, 'approve')))
    expect(JSON.stringify(row!.after)).toContain('creditNotes')

    // Approving again is refused; crediting again (a retry) finds the notes made.
    expect((await approve(concession.id)).status).toBe(409)
    const [stored] = await t.database.db
      .select()
      .from(concessions)
      .where(eq(concessions.id, concession.id))
    const again = await t.database.db.transaction((tx) =>
      creditApprovedConcession(tx, stored!, null),
    )
    expect(again).toEqual([])
    expect((await read(second.id)).concessionCredits).toHaveLength(1)
  })

  it('shares a later concession with the earlier ones, and a cancellation reverses the rest', async () => {
    const student = studentIds[1]!
    const posted = await invoice(student, 0)
    const percent = await requested({
      studentId: student,
      feeHeadId: tuition,
      terms: { kind: 'percent', rateBp: 5_000 },
    })
    expect((await approve(percent.id)).status).toBe(200)
    // A fixed 20,000 for every head, shared by gross: 16,667 of tuition, 3,333 of the lab.
    const fixed = await requested({
      studentId: student,
      feeHeadId: null,
      terms: { kind: 'fixed', amount: 20_000 },
    })
    expect((await approve(fixed.id)).status).toBe(200)
    const after = await read(posted.id)
    expect(after.concessionCredits.map((c) => c.totalMinor)).toEqual([-50_000, -12_167])
    // Tuition: 16,667 fixed first, then 50 % of 83,333 = 41,667: 58,334 in all, 8,334 more than
    // the 50,000 credited. Lab: 3,333 and the 15 % VAT of it (500). 8,334 + 3,833 = 12,167.
    await balanced()
    const cancelled = await asUser(t, admin, 'POST', `/api/fees/invoices/${posted.id}/cancel`, {
      reason: 'Left the school',
    })
    expect(cancelled.status).toBe(200)
    const note = await read(((await cancelled.json()) as Invoice).creditNoteId!)
    const due = 123_000 - 50_000 - 12_167
    expect(note.totalMinor).toBe(-due)
    await balanced()
  })

  it('credits nothing to a cancelled invoice or another student', async () => {
    const student = studentIds[2]!
    const posted = await invoice(student, 0)
    await asUser(t, admin, 'POST', `/api/fees/invoices/${posted.id}/cancel`, { reason: 'Wrong' })
    const other = await invoice(studentIds[1]!, 1)
    const concession = await requested({
      studentId: student,
      feeHeadId: null,
      terms: { kind: 'percent', rateBp: 2_000 },
    })
    expect((await approve(concession.id)).status).toBe(200)
    expect((await read(posted.id)).concessionCredits).toEqual([])
    expect((await read(other.id)).concessionCredits).toEqual([])
    await balanced()
  })
})
