import { beforeAll, describe, expect, it } from 'vitest'
import type { Invoice, StudentInvoices } from '../../../../shared/schemas/fees-invoices.ts'
import { fineRules } from '../../../db/schema/fee-rules.ts'
import {
  activeStudentsIn,
  addConcession,
  addConfig,
  addCycle,
  addHead,
  addVat,
  demoInstituteId,
  demoSession,
} from '../../../test-support/fee-invoices.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

describe('a student’s invoices', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const path = '/api/fees/invoices'
  let studentId: string
  let sessionId: string
  let tuition: string
  let exam: string
  let periods: string[]
  let key = 0
  const create = async (body: object) => {
    const res = await asUser(t, admin, 'POST', path, body, {
      'Idempotency-Key': `list-key-${++key}`,
    })
    expect(res.status).toBe(201)
    return (await res.json()) as Invoice
  }
  const list = async (token = admin, id = studentId) => {
    const res = await asUser(t, token, 'GET', `${path}?studentId=${id}`)
    return { status: res.status, body: (await res.json()) as StudentInvoices }
  }

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const session = await demoSession(db, instituteId)
    sessionId = session.sessionId
    const classId = session.classIds[1]!
    const [student] = await activeStudentsIn(db, sessionId, classId, 1)
    studentId = student!.id
    tuition = (await addHead(db, instituteId, { code: 'LTU' })).id
    exam = (
      await addHead(db, instituteId, {
        code: 'LEX',
        kind: 'per_event',
        account: 'Exam fee income',
      })
    ).id
    await addVat(db, instituteId, exam, 1000)
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 2)
    periods = rows.map((p) => p.id)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: tuition,
      cycleId: cycle.id,
      amountMinor: 80_000,
    })
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: exam,
      amountMinor: 30_000,
    })
    await addConcession(db, instituteId, {
      studentId,
      academicSessionId: sessionId,
      feeHeadId: tuition,
      kind: 'percent',
      rateBp: 2500,
    })
    await db.insert(fineRules).values({
      instituteId,
      feeHeadId: exam,
      kind: 'per_day',
      amountMinor: 500,
      graceDays: 3,
      effectiveFrom: '2000-01-01',
    })
  })

  it('starts empty, with the session a new invoice is for', async () => {
    const { status, body } = await list()
    expect(status).toBe(200)
    expect(body).toEqual({
      academicSessionId: expect.any(String),
      studentStatus: 'active',
      data: [],
      totalDueMinor: 0,
    })
  })

  it('lists each invoice with its periods, balance and the total due', async () => {
    const tuitionInvoice = await create({
      studentId,
      academicSessionId: sessionId,
      periodId: periods[0],
      feeHeadIds: [tuition],
    })
    const examInvoice = await create({
      studentId,
      academicSessionId: sessionId,
      feeHeadIds: [exam],
    })
    const { body } = await list()
    expect(body.data.map((i) => i.id).sort()).toEqual([tuitionInvoice.id, examInvoice.id].sort())
    expect(body.data.find((i) => i.id === tuitionInvoice.id)).toMatchObject({
      number: tuitionInvoice.number,
      periodNames: ['Period 1'],
      status: 'unpaid',
      netMinor: 60_000,
      paidMinor: 0,
      balanceMinor: 60_000,
      creditNote: null,
    })
    expect(body.data.find((i) => i.id === examInvoice.id)).toMatchObject({
      periodNames: [],
      netMinor: 33_000,
      balanceMinor: 33_000,
    })
    expect(body.totalDueMinor).toBe(93_000)
  })

  it('reads an invoice with its placement, the VAT rule’s day and the fine rules', async () => {
    const { body } = await list()
    const exam = body.data.find((i) => i.periodNames.length === 0)!
    const res = await asUser(t, admin, 'GET', `${path}/${exam.id}`)
    const invoice = (await res.json()) as Invoice
    expect(invoice).toMatchObject({
      academicSessionId: sessionId,
      className: expect.any(String),
      roll: expect.any(Number),
      creditNoteId: null,
      creditNoteNumber: null,
    })
    expect(invoice.lines[0]).toMatchObject({ vatEffectiveFrom: '2000-01-01', fineMinor: 0 })
    expect(invoice.fineRules).toContainEqual(
      expect.objectContaining({ graceDays: 3, charge: { kind: 'per_day', amount: 500 } }),
    )
  })

  it('shows a credit note on the invoice it cancels, which then owes nothing', async () => {
    const { body: before } = await list()
    const exam = before.data.find((i) => i.periodNames.length === 0)!
    const res = await asUser(t, admin, 'POST', `${path}/${exam.id}/cancel`, {
      reason: 'Exam postponed',
    })
    expect(res.status).toBe(200)
    const cancelled = (await res.json()) as Invoice
    const { body } = await list()
    expect(body.data).toHaveLength(2)
    expect(body.data.find((i) => i.id === exam.id)).toMatchObject({
      status: 'cancelled',
      netMinor: 33_000,
      balanceMinor: 0,
      creditNote: {
        id: cancelled.creditNoteId,
        number: cancelled.creditNoteNumber,
        netMinor: -33_000,
      },
    })
    expect(body.totalDueMinor).toBe(before.totalDueMinor - 33_000)
    const note = (await (
      await asUser(t, admin, 'GET', `${path}/${cancelled.creditNoteId}`)
    ).json()) as Invoice
    expect(note).toMatchObject({ creditOf: exam.id, creditOfNumber: exam.number, fineRules: [] })
  })

  it('refuses a missing or malformed student id with 422 naming the field', async () => {
    for (const query of ['', '?studentId=nope', '?studentId=']) {
      const res = await asUser(t, admin, 'GET', `${path}${query}`)
      expect(res.status, query).toBe(422)
      expect(Object.keys(((await res.json()) as { errors: object }).errors), query).toContain(
        'studentId',
      )
    }
  })

  it('answers 404 for a student of no or another institute, 403 without group-invoice', async () => {
    expect((await list(admin, crypto.randomUUID())).status).toBe(404)
    await addUser(t, {
      username: 'list-other',
      password: 'list-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'list-other', 'list-other-pass')
    const foreign = await list(other)
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ code: 'student_not_found' })

    await addUser(t, { username: 'list-none', password: 'list-none-pass' })
    const none = await signIn(t, 'list-none', 'list-none-pass')
    expect((await list(none)).status).toBe(403)
  })
})
