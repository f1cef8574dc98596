import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Invoice } from '../../../../shared/schemas/fees-invoices.ts'
import type { InvoicePrintRun } from '../../../../shared/schemas/invoice-print.ts'
import { sections } from '../../../db/schema/academic.ts'
import { enrolments, students } from '../../../db/schema/students.ts'
import {
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from '../../../test-support/fee-invoices.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

describe('invoice prints', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const path = '/api/fees/invoice-prints'
  let sessionId: string
  let classId: string
  let periods: string[]
  let tuition: string
  let invoiced: { invoice: Invoice; sectionId: string | null; roll: number }[] = []
  const print = async (query: string, token = admin) => {
    const res = await asUser(t, token, 'GET', `${path}?${query}`)
    return { status: res.status, body: (await res.json()) as InvoicePrintRun }
  }

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    ;({ sessionId } = await demoSession(db, instituteId))
    classId = (await demoSession(db, instituteId)).classIds[0]!
    tuition = (await addHead(db, instituteId, { code: 'TUI' })).id
    const { cycle, periods: rows } = await addCycle(db, instituteId, sessionId, 2)
    periods = rows.map((p) => p.id)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId: tuition,
      cycleId: cycle.id,
      amountMinor: 150_000,
    })
    const inClass = await db
      .select({ id: students.id, sectionId: enrolments.sectionId, roll: enrolments.roll })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .leftJoin(sections, eq(sections.id, enrolments.sectionId))
      .where(
        and(
          eq(enrolments.academicSessionId, sessionId),
          eq(enrolments.classId, classId),
          eq(students.status, 'active'),
        ),
      )
      .orderBy(asc(sections.position), asc(enrolments.roll))
    // Three students, in class order, the last of them in the next section when there is one.
    const chosen = [inClass[0]!, inClass[1]!, inClass.at(-1)!]
    let key = 0
    for (const student of chosen) {
      const res = await asUser(
        t,
        admin,
        'POST',
        '/api/fees/invoices',
        {
          studentId: student.id,
          academicSessionId: sessionId,
          periodId: periods[0],
          feeHeadIds: [tuition],
        },
        { 'Idempotency-Key': `print-key-${++key}` },
      )
      expect(res.status).toBe(201)
      invoiced.push({ invoice: (await res.json()) as Invoice, ...student })
    }
    // A cancelled invoice (and its credit note) prints nothing.
    const cancelled = invoiced.pop()!
    await asUser(t, admin, 'POST', `/api/fees/invoices/${cancelled.invoice.id}/cancel`, {
      reason: 'Wrong student',
    })
    invoiced = [...invoiced, cancelled]
  })

  it('prints a class’s invoices in class order with their lines and the settings', async () => {
    const { status, body } = await print(`academicSessionId=${sessionId}&classId=${classId}`)
    expect(status).toBe(200)
    expect(body.total).toBe(2)
    expect(body.data.map((i) => i.id)).toEqual(invoiced.slice(0, 2).map((i) => i.invoice.id))
    expect(body.data[0]).toMatchObject({
      number: invoiced[0]!.invoice.number,
      studentName: invoiced[0]!.invoice.studentName,
      roll: invoiced[0]!.roll,
      className: expect.any(String),
      totalMinor: 150_000,
      lines: [expect.objectContaining({ grossMinor: 150_000, netMinor: 150_000 })],
    })
    expect(body.settings).toMatchObject({ paper: 'a4', saved: false })
    // Another period, or a section without these invoices, prints none.
    expect(
      (await print(`academicSessionId=${sessionId}&classId=${classId}&periodId=${periods[1]}`)).body
        .total,
    ).toBe(0)
  })

  it('prints one invoice by its id, and a section’s', async () => {
    const one = await print(`invoiceId=${invoiced[1]!.invoice.id}`)
    expect(one.body.data.map((i) => i.id)).toEqual([invoiced[1]!.invoice.id])
    const sectionId = invoiced[0]!.sectionId
    if (sectionId) {
      const section = await print(`academicSessionId=${sessionId}&sectionId=${sectionId}`)
      expect(section.body.data.every((i) => i.section === section.body.data[0]!.section)).toBe(true)
      expect(section.body.data.map((i) => i.id)).toContain(invoiced[0]!.invoice.id)
    }
    const cancelled = await print(`invoiceId=${invoiced[2]!.invoice.id}`)
    expect(cancelled.status).toBe(404)
  })

  it('prints a group run’s invoices, and none of another run', async () => {
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/fees/group-invoice/runs',
      {
        academicSessionId: sessionId,
        periodIds: [periods[1]],
        classIds: [classId],
        feeHeadIds: [tuition],
      },
      { 'Idempotency-Key': 'print-a-run' },
    )
    expect(res.status).toBe(202)
    const run = (await res.json()) as { id: string }
    await t.app.services.jobs.drain()
    const printed = await print(`runId=${run.id}`)
    expect(printed.status).toBe(200)
    expect(printed.body.total).toBeGreaterThan(2)
    // Only the run's period: not the invoices made one by one for the first.
    expect(new Set(printed.body.data.map((i) => i.period)).size).toBe(1)
    expect(printed.body.data[0]!.period).not.toBe(invoiced[0]!.invoice.lines[0]!.periodName)
    expect(printed.body.data.map((i) => i.id)).not.toContain(invoiced[0]!.invoice.id)
    expect((await print(`runId=${crypto.randomUUID()}`)).body.total).toBe(0)
  })

  it('refuses a print without a scope, naming the field', async () => {
    for (const query of [
      '',
      `academicSessionId=${sessionId}`,
      'invoiceId=nope',
      'classId=x&page=0',
    ]) {
      const res = await asUser(t, admin, 'GET', `${path}?${query}`)
      expect(res.status, query).toBe(422)
    }
    const res = await asUser(t, admin, 'GET', `${path}?academicSessionId=${sessionId}`)
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['classId'])
  })

  it('keeps other institutes out and needs the right to read invoices', async () => {
    await addUser(t, {
      username: 'prints-other',
      password: 'prints-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'prints-other', 'prints-other-pass')
    const theirs = await print(`academicSessionId=${sessionId}&classId=${classId}`, other)
    expect(theirs).toMatchObject({ status: 200, body: { total: 0, data: [] } })
    expect((await print(`invoiceId=${invoiced[0]!.invoice.id}`, other)).status).toBe(404)

    await addUser(t, { username: 'prints-none', password: 'prints-none-pass' })
    const none = await signIn(t, 'prints-none', 'prints-none-pass')
    expect((await print(`invoiceId=${invoiced[0]!.invoice.id}`, none)).status).toBe(403)
  })
})
