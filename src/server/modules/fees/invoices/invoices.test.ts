import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Invoice } from '../../../../shared/schemas/fees-invoices.ts'
import { coaMappings } from '../../../db/schema/accounting.ts'
import {
  activeStudentsIn,
  addConcession,
  addConfig,
  addCycle,
  addHead,
  addVat,
  demoInstituteId,
  demoSession,
  receivableBalance,
} from '../../../test-support/fee-invoices.ts'
import { fiscalYear } from '../../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

describe('invoices', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const path = '/api/fees/invoices'
  let instituteId: string
  let sessionId: string
  let studentId: string
  let tuition: string
  let exam: string
  let periods: string[]
  let key = 0
  const post = (body: object, idempotencyKey = `invoice-key-${++key}`) =>
    asUser(t, admin, 'POST', path, body, { 'Idempotency-Key': idempotencyKey })
  const body = () => ({
    studentId,
    academicSessionId: sessionId,
    periodId: periods[0],
    feeHeadIds: [tuition],
  })

  beforeAll(async () => {
    const db = t.database.db
    instituteId = await demoInstituteId(db)
    const session = await demoSession(db, instituteId)
    sessionId = session.sessionId
    const classId = session.classIds[0]!
    const [student] = await activeStudentsIn(db, sessionId, classId, 1)
    studentId = student!.id
    tuition = (await addHead(db, instituteId, { code: 'TUI' })).id
    exam = (
      await addHead(db, instituteId, {
        code: 'EXM',
        kind: 'per_event',
        account: 'Exam fee income',
      })
    ).id
    await addVat(db, instituteId, exam, 1500)
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 2)
    periods = rows.map((p) => p.id)
    const config = { academicSessionId: sessionId, classId, feeHeadId: tuition, cycleId: cycle.id }
    await addConfig(db, instituteId, { ...config, amountMinor: 100_000 })
    // The student's campus has its own amount: the more specific row wins.
    await addConfig(db, instituteId, {
      ...config,
      campusId: student!.campusId,
      amountMinor: 120_000,
    })
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: exam,
      amountMinor: 50_000,
    })
    await addConcession(db, instituteId, {
      studentId,
      academicSessionId: sessionId,
      feeHeadId: tuition,
      kind: 'percent',
      rateBp: 1000,
    })
  })

  it('invoices a student for a period, numbered, computed and posted to the receivable', async () => {
    const before = await receivableBalance(t.database.db, instituteId)
    const res = await post(body())
    expect(res.status).toBe(201)
    const invoice = (await res.json()) as Invoice
    expect(invoice.number).toMatch(new RegExp(`^INV-${fiscalYear()}-\\d{6}$`))
    expect(invoice).toMatchObject({ studentId, status: 'unpaid', totalMinor: 108_000 })
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        feeHeadId: tuition,
        periodId: periods[0],
        grossMinor: 120_000,
        concessionMinor: 12_000,
        vatMinor: 0,
        netMinor: 108_000,
        explanation: {
          gross: { source: 'configured', amount: 120_000 },
          concessions: [expect.objectContaining({ kind: 'percent', rateBp: 1000, amount: 12_000 })],
          vat: null,
        },
      }),
    ])
    expect((await receivableBalance(t.database.db, instituteId)) - before).toBe(108_000)
    expect((await asUser(t, admin, 'GET', `${path}/${invoice.id}`)).status).toBe(200)
  })

  it('answers a retry with the same invoice and refuses the key for another request', async () => {
    const first = await post({ ...body(), periodId: periods[1] }, 'retry-key-0001')
    expect(first.status).toBe(201)
    const again = await post({ ...body(), periodId: periods[1] }, 'retry-key-0001')
    expect(again.status).toBe(200)
    expect(((await again.json()) as Invoice).id).toBe(((await first.json()) as Invoice).id)
    const other = await post({ ...body(), feeHeadIds: [exam], periodId: null }, 'retry-key-0001')
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({
      code: 'idempotency_conflict',
      values: { subject: 'invoice' },
    })
  })

  it('adds VAT in force on the issue date to a one-time head, and numbers without gaps', async () => {
    const res = await post({ ...body(), periodId: null, feeHeadIds: [exam] })
    expect(res.status).toBe(201)
    const invoice = (await res.json()) as Invoice
    expect(invoice.lines[0]).toMatchObject({
      grossMinor: 50_000,
      vatMinor: 7_500,
      netMinor: 57_500,
      explanation: { vat: { rateBp: 1500, inclusive: false, base: 50_000, amount: 7_500 } },
    })
    const numbers = await t.database.db.execute(
      sql`select sequence from invoices where institute_id = ${instituteId} order by sequence`,
    )
    const seq = (numbers as unknown as { rows: { sequence: number }[] }).rows.map((r) => r.sequence)
    expect(seq).toEqual(seq.map((_, i) => i + 1))
  })

  it('refuses invoicing a slot twice and names the field', async () => {
    const res = await post(body())
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      errors: { feeHeadIds: [expect.stringMatching(/configured/)] },
    })
  })

  it('refuses bad input with 422 naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...body(), feeHeadIds: [] }, 'feeHeadIds'],
      [{ ...body(), studentId: 'nope' }, 'studentId'],
      [{ ...body(), periodId: crypto.randomUUID() }, 'periodId'],
      [{ ...body(), feeHeadIds: [crypto.randomUUID()] }, 'feeHeadIds.0'],
      [{ ...body(), periodId: null }, 'periodId'],
      [{ ...body(), studentId: crypto.randomUUID() }, 'studentId'],
      [{ ...body(), issueDate: '2026-02-30' }, 'issueDate'],
    ]
    for (const [request, field] of cases) {
      const res = await post(request)
      expect(res.status, field).toBe(422)
      expect(Object.keys(((await res.json()) as { errors: object }).errors), field).toContain(field)
    }
    const keyless = await asUser(t, admin, 'POST', path, body())
    expect(keyless.status).toBe(400)
  })

  it('refuses 409 when an account the posting needs is not mapped', async () => {
    const db = t.database.db
    const where = and(
      eq(coaMappings.instituteId, instituteId),
      eq(coaMappings.purpose, 'vat_payable'),
    )
    const [mapping] = await db.select().from(coaMappings).where(where)
    await db.delete(coaMappings).where(where)
    const res = await post({ ...body(), periodId: periods[1], feeHeadIds: [exam] })
    await db.insert(coaMappings).values(mapping!)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      code: 'fee_mapping_missing',
      values: { purpose: 'vat_payable' },
    })
  })

  it('cancels by a credit note, which frees the slot for a new invoice', async () => {
    const db = t.database.db
    const created = (await (
      await post({ ...body(), periodId: null, feeHeadIds: [exam] })
    ).json()) as Invoice
    const before = await receivableBalance(db, instituteId)
    const blank = await asUser(t, admin, 'POST', `${path}/${created.id}/cancel`, { reason: ' ' })
    expect(blank.status).toBe(422)
    expect(await blank.json()).toMatchObject({ errors: { reason: [expect.any(String)] } })

    const res = await asUser(t, admin, 'POST', `${path}/${created.id}/cancel`, {
      reason: 'Charged twice',
    })
    expect(res.status).toBe(200)
    const cancelled = (await res.json()) as Invoice
    expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'Charged twice' })
    const note = (await (
      await asUser(t, admin, 'GET', `${path}/${cancelled.creditNoteId}`)
    ).json()) as Invoice
    expect(note).toMatchObject({ creditOf: created.id, totalMinor: -57_500 })
    expect(before - (await receivableBalance(db, instituteId))).toBe(57_500)

    const again = await asUser(t, admin, 'POST', `${path}/${created.id}/cancel`, { reason: 'x' })
    expect(again.status).toBe(409)
    const ofNote = await asUser(t, admin, 'POST', `${path}/${note.id}/cancel`, { reason: 'x' })
    expect(ofNote.status).toBe(409)
    const audits = await db.execute(
      sql`select action from audit_log where entity = 'invoice' and entity_id = ${created.id}`,
    )
    expect((audits as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['create', 'cancel']),
    )
    // Tuition of period 1, cancelled, can be invoiced again.
    const tuitionInvoice = (await db.execute(
      sql`select invoice_id from invoice_lines where student_id = ${studentId} and period_id = ${periods[0]!} and credits_line_id is null`,
    )) as unknown as { rows: { invoice_id: string }[] }
    const id = tuitionInvoice.rows[0]!.invoice_id
    expect(
      (await asUser(t, admin, 'POST', `${path}/${id}/cancel`, { reason: 'Wrong class' })).status,
    ).toBe(200)
    expect((await post(body())).status).toBe(201)
  })

  it('keeps other institutes out and needs the group-invoice permission', async () => {
    const [invoice] = (
      (await t.database.db.execute(
        sql`select id from invoices where institute_id = ${instituteId} limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows
    await addUser(t, {
      username: 'fees-other',
      password: 'fees-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'fees-other', 'fees-other-pass')
    expect((await asUser(t, other, 'GET', `${path}/${invoice!.id}`)).status).toBe(404)
    expect(
      (await asUser(t, other, 'POST', `${path}/${invoice!.id}/cancel`, { reason: 'x' })).status,
    ).toBe(404)

    await addUser(t, { username: 'fees-none', password: 'fees-none-pass' })
    const none = await signIn(t, 'fees-none', 'fees-none-pass')
    expect((await asUser(t, none, 'GET', `${path}/${invoice!.id}`)).status).toBe(403)
    const create = await asUser(t, none, 'POST', path, body(), { 'Idempotency-Key': 'none-key-01' })
    expect(create.status).toBe(403)
  })
})
