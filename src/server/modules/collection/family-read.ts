import { sql } from 'drizzle-orm'
import { byCollectionOrder } from '../../../shared/fees/allocation.ts'
import type { CounterMatch, Family } from '../../../shared/schemas/collection-payments.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../lib/errors.ts'
import { defaultSessionId } from '../students/student-read.ts'
import { isUuid } from '../../lib/ids.ts'
import { matchingStudentIds } from '../students/student-search.ts'
import { bankAccountKeys } from '../accounting/bank-accounts.ts'
import { advanceBalances } from './advance-balances.ts'
import { counterLines } from '../fees/invoices/open-lines.ts'
import { rowsOf } from '../../db/rows.ts'
import { forbidden } from '../../lib/auth.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'

export interface StudentRow {
  id: string
  student_code: string
  full_name: string
  status: string
  guardian_name: string
  guardian_phone: string
  guardian_email: string
  family_key: string | null
  class_name: string | null
  section_name: string | null
  roll: number | null
}

/** Students with their class, section and roll in the current session, else their latest. */
export const studentsWhere = (instituteId: string, where: ReturnType<typeof sql>) =>
  sql`select s.id, s.student_code, s.full_name, s.status, s.guardian_name, s.guardian_phone,
      s.guardian_email, s.family_key, latest.class_name, latest.section_name, latest.roll
    from students s
    left join lateral (
      select c.name as class_name, sc.name as section_name, e.roll from enrolments e
        join academic_sessions se on se.institute_id = e.institute_id
          and se.id = e.academic_session_id
        join classes c on c.institute_id = e.institute_id and c.id = e.class_id
        left join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id
       where e.institute_id = s.institute_id and e.student_id = s.id
       order by se.is_current desc, se.starts_on desc limit 1
    ) latest on true
    where s.institute_id = ${instituteId} and ${where}`

/**
 * The counter's search: a student ID, name, guardian phone or roll (as the student list finds
 * them), or an invoice number, whose student comes first. At most ten, active students first.
 */
export async function searchCounter(
  db: Db,
  instituteId: string,
  q: string,
  scope: CampusScope,
): Promise<CounterMatch[]> {
  const sessionId = await defaultSessionId(db, instituteId)
  const byInvoice = sql`select student_id from invoices
    where institute_id = ${instituteId} and upper(number) = ${q.toUpperCase()}`
  const matching = sql`${matchingStudentIds(instituteId, sessionId, q)} union ${byInvoice}`
  const rows = rowsOf<StudentRow>(
    await db.execute(sql`${studentsWhere(
      instituteId,
      sql`s.id in (${matching}) and ${inCampusScope(scope, sql`s.campus_id`)}`,
    )}
      order by s.id in (${byInvoice}) desc, s.status = 'active' desc, s.full_name, s.student_code
      limit 10`),
  )
  return rows.map((r) => ({
    studentId: r.id,
    studentCode: r.student_code,
    fullName: r.full_name,
    className: r.class_name,
    sectionName: r.section_name,
    roll: r.roll,
    guardianPhone: r.guardian_phone,
    status: r.status,
  }))
}

/**
 * Refuses (403 `campus_out_of_scope`) a student of a campus beyond the caller's: a user limited
 * to some campuses finds, reads and takes money for their campuses' students alone. A family is
 * read whole, siblings at other campuses included (the student's campus numbers the receipt).
 * A student who is not there is left to the read that follows (404).
 */
export async function assertStudentInScope(
  db: Db,
  instituteId: string,
  studentId: string | undefined,
  scope: CampusScope,
) {
  if (!scope.limited || !isUuid(studentId)) return
  const [student] = rowsOf<{ in_scope: boolean }>(
    await db.execute(sql`select ${inCampusScope(scope, sql`s.campus_id`)} as in_scope
      from students s where s.institute_id = ${instituteId} and s.id = ${studentId}`),
  )
  if (student && !student.in_scope) throw forbidden('campus_out_of_scope')
}

/** The student and the siblings sharing the guardian phone (the family key). */
export async function familyMembers(db: Db, instituteId: string, studentId: string | undefined) {
  if (!isUuid(studentId)) throw notFound('student_not_found')
  const [student] = rowsOf<StudentRow>(
    await db.execute(studentsWhere(instituteId, sql`s.id = ${studentId}`)),
  )
  if (!student) throw notFound('student_not_found')
  const siblings = student.family_key
    ? rowsOf<StudentRow>(
        await db.execute(
          sql`${studentsWhere(
            instituteId,
            sql`s.family_key = ${student.family_key} and s.id <> ${studentId}`,
          )} order by s.date_of_birth nulls last, s.student_code`,
        ),
      )
    : []
  return [student, ...siblings]
}

/**
 * The ids of the student (first) and the siblings sharing the guardian phone, and the student's
 * campus: what taking a payment needs of the family, in one light read.
 */
export async function familyIds(db: Db, instituteId: string, studentId: string | undefined) {
  if (!isUuid(studentId)) throw notFound('student_not_found')
  const rows = rowsOf<{ id: string; campus_id: string }>(
    await db.execute(sql`select s.id, s.campus_id from students s
      where s.institute_id = ${instituteId} and (s.id = ${studentId} or s.family_key = (
        select f.family_key from students f where f.institute_id = ${instituteId}
          and f.id = ${studentId}))`),
  )
  const student = rows.find((r) => r.id === studentId)
  if (!student) throw notFound('student_not_found')
  return {
    ids: [studentId, ...rows.filter((r) => r.id !== studentId).map((r) => r.id)],
    campusId: student.campus_id,
  }
}

/**
 * The family at the counter as of `asOf`: each member's open lines in the counter's order, with
 * the fine as of that day, and their advance balance.
 */
export async function familyAtCounter(
  db: Db,
  instituteId: string,
  studentId: string | undefined,
  asOf: string,
): Promise<Family> {
  const members = await familyMembers(db, instituteId, studentId)
  const ids = members.map((m) => m.id)
  const lines = byCollectionOrder(await counterLines(db, instituteId, ids, asOf))
  const advances = await advanceBalances(db, instituteId, ids)
  return {
    asOf,
    guardianName: members[0]!.guardian_name,
    guardianPhone: members[0]!.guardian_phone,
    members: members.map((m) => ({
      studentId: m.id,
      studentCode: m.student_code,
      fullName: m.full_name,
      className: m.class_name,
      sectionName: m.section_name,
      roll: m.roll,
      advanceMinor: advances.get(m.id) ?? 0,
      lines: lines.filter((l) => l.studentId === m.id).map(({ finePaidMinor: _, ...line }) => line),
    })),
    bankAccounts: await bankAccountKeys(db, instituteId),
  }
}
