// A family at the counter for the collection suites: three siblings sharing a guardian phone,
// invoiced for two heads (tuition with a fine when late, lab after it in priority), the first
// period long overdue.
import { eq, sql } from 'drizzle-orm'
import type { Invoice } from '../../shared/schemas/fees-invoices.ts'
import type { Family } from '../../shared/schemas/collection-payments.ts'
import type { StudentInvoices } from '../../shared/schemas/fees-invoices.ts'
import type { Db } from '../db/client.ts'
import { invoices } from '../db/schema/fee-invoices.ts'
import { fineRules } from '../db/schema/fee-rules.ts'
import { feeHeads } from '../db/schema/fee-setup.ts'
import { students } from '../db/schema/students.ts'
import {
  activeStudentsIn,
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from './fee-invoices.ts'
import { asUser, type TestApp } from './test-app.ts'

export const tuitionMinor = 100_000
export const labMinor = 30_000
export const fineMinor = 5_000

/**
 * Two heads for a class of a session, `<tag>T` (tuition, 1,000.00, first in the counter's order,
 * fined 50.00 once late since 2000) and `<tag>L` (lab, 300.00), on a monthly cycle of `periods`
 * periods issued and due today.
 */
export async function tuitionAndLab(
  db: Db,
  place: { instituteId: string; sessionId: string; classId: string; tag: string },
  periodCount = 2,
) {
  const { instituteId, sessionId, classId, tag } = place
  const tuition = (await addHead(db, instituteId, { code: `${tag}T` })).id
  const lab = (await addHead(db, instituteId, { code: `${tag}L` })).id
  await db.update(feeHeads).set({ priority: 1 }).where(eq(feeHeads.id, tuition))
  await db.update(feeHeads).set({ priority: 2 }).where(eq(feeHeads.id, lab))
  const { cycle, periods } = await addCycle(db, instituteId, sessionId, periodCount)
  for (const [feeHeadId, amountMinor] of [
    [tuition, tuitionMinor],
    [lab, labMinor],
  ] as const) {
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId,
      feeHeadId,
      cycleId: cycle.id,
      amountMinor,
    })
  }
  await db.insert(fineRules).values({
    instituteId,
    feeHeadId: tuition,
    kind: 'fixed_once',
    amountMinor: fineMinor,
    effectiveFrom: '2000-01-01',
  })
  return { tuition, lab, periods }
}

/**
 * Three siblings (guardian phone `phone`, and an email); the first two invoiced for period 1 (overdue since
 * 2000: tuition carries its fixed fine) and the first also for period 2 (due today).
 */
export async function counterFamily(t: TestApp, admin: string, tag: string, phone: string) {
  const db = t.database.db
  const instituteId = await demoInstituteId(db)
  const { sessionId, classIds } = await demoSession(db, instituteId)
  const classId = classIds[0]!
  const members = await activeStudentsIn(db, sessionId, classId, 3)
  const studentIds = members.map((m) => m.id)
  for (const id of studentIds) {
    await db
      .update(students)
      .set({ guardianPhone: phone, guardianEmail: `guardian.${tag.toLowerCase()}@example.com` })
      .where(eq(students.id, id))
  }
  const { tuition, lab, periods } = await tuitionAndLab(db, {
    instituteId,
    sessionId,
    classId,
    tag,
  })
  const invoice = async (studentId: string, period: number, feeHeadIds: string[]) => {
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/fees/invoices',
      { studentId, academicSessionId: sessionId, periodId: periods[period]!.id, feeHeadIds },
      { 'Idempotency-Key': `${tag}-invoice-${studentId}-${period}` },
    )
    if (res.status !== 201) throw new Error(`invoice: ${res.status} ${await res.text()}`)
    return (await res.json()) as Invoice
  }
  const overdue = [
    await invoice(studentIds[0]!, 0, [tuition, lab]),
    await invoice(studentIds[1]!, 0, [tuition, lab]),
  ]
  for (const i of overdue) {
    await db
      .update(invoices)
      .set({ issueDate: '2000-01-01', dueDate: '2000-01-15' })
      .where(eq(invoices.id, i.id))
  }
  const current = await invoice(studentIds[0]!, 1, [tuition])
  return { instituteId, sessionId, studentIds, tuition, lab, invoices: [...overdue, current] }
}

/** The family at the counter, as the screen reads it. */
export async function familyOf(t: TestApp, token: string, studentId: string) {
  const res = await asUser(t, token, 'GET', `/api/collection/families/${studentId}`)
  if (res.status !== 200) throw new Error(`family: ${res.status} ${await res.text()}`)
  return (await res.json()) as Family
}

/** Σ of a student's advance movements. */
export const advanceOf = async (t: TestApp, studentId: string) =>
  Number(
    (
      (await t.database.db.execute(
        sql`select coalesce(sum(amount_minor), 0) as n from advance_movements where student_id = ${studentId}`,
      )) as unknown as { rows: { n: string }[] }
    ).rows[0]!.n,
  )

/** A student's invoices and total due, as the student page reads them. */
export async function studentDues(t: TestApp, token: string, studentId: string) {
  const res = await asUser(t, token, 'GET', `/api/fees/invoices?studentId=${studentId}`)
  if (res.status !== 200) throw new Error(`invoices: ${res.status} ${await res.text()}`)
  return (await res.json()) as StudentInvoices
}

/** Σ of the student pages' total due over every student the institute has invoiced. */
export async function duesOfAllStudents(t: TestApp, token: string, instituteId: string) {
  const { rows } = (await t.database.db.execute(
    sql`select distinct student_id from invoices where institute_id = ${instituteId}`,
  )) as unknown as { rows: { student_id: string }[] }
  let total = 0
  for (const r of rows) total += (await studentDues(t, token, r.student_id)).totalDueMinor
  return total
}
