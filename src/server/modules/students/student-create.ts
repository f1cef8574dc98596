import { and, asc, eq, sql } from 'drizzle-orm'
import type { Placement, StudentFields } from '../../../shared/schemas/students.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions } from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { enrolments, studentCounters, students } from '../../db/schema/students.ts'
import { conflict, postgresErrorCode } from '../../lib/errors.ts'
import { rowKey } from '../../db/tenant-rows.ts'

/** The admission year a session gives a new student ID: its name's first year, else its start. */
export async function admissionYear(tx: Db, instituteId: string, sessionId: string) {
  const [session] = await tx
    .select({ name: academicSessions.name, startsOn: academicSessions.startsOn })
    .from(academicSessions)
    .where(rowKey(academicSessions, instituteId, sessionId))
  const named = /\b(\d{4})\b/.exec(session!.name)
  return Number(named?.[1] ?? session!.startsOn.slice(0, 4))
}

/** The next student ID of an admission year: the year and a four-digit count (`20260042`). */
export async function nextStudentCode(tx: Db, instituteId: string, year: number) {
  const [counter] = await tx
    .insert(studentCounters)
    .values({ instituteId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [studentCounters.instituteId, studentCounters.year],
      set: { lastNumber: sql`${studentCounters.lastNumber} + 1` },
    })
    .returning({ number: studentCounters.lastNumber })
  return `${year}${String(counter!.number).padStart(4, '0')}`
}

/** The roll after the highest one given in the placement's session, class and section. */
export async function nextRoll(
  tx: Db,
  instituteId: string,
  p: Pick<Placement, 'academicSessionId' | 'classId' | 'sectionId'>,
) {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${enrolments.roll}), 0)::int` })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.instituteId, instituteId),
        eq(enrolments.academicSessionId, p.academicSessionId),
        eq(enrolments.classId, p.classId),
        sql`${enrolments.sectionId} is not distinct from ${p.sectionId ?? null}`,
      ),
    )
  return row!.last + 1
}

/** The institute's first campus: where a student goes when nothing says otherwise. */
export async function firstCampusId(tx: Db, instituteId: string) {
  const [campus] = await tx
    .select({ id: campuses.id })
    .from(campuses)
    .where(eq(campuses.instituteId, instituteId))
    .orderBy(asc(campuses.position), asc(campuses.createdAt))
    .limit(1)
  return campus!.id
}

/** The constraint a PostgreSQL error names, also when the query builder wrapped it. */
function constraintOf(err: unknown): string {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint
    if (typeof constraint === 'string') return constraint
  }
  return ''
}

/** Refusals the database gives for a student or an enrolment, named by field. */
export function studentRefusal(err: unknown, roll: number): never {
  if (postgresErrorCode(err) === '23505') {
    const constraint = constraintOf(err)
    if (constraint === 'students_institute_code_unique')
      throw conflict('validation_failed', { fields: { studentCode: 'student_code_taken' } })
    if (constraint === 'enrolments_roll_unique')
      throw conflict('validation_failed', {
        fields: { roll: { code: 'roll_taken', values: { roll } } },
      })
    if (constraint === 'enrolments_student_session_unique') throw conflict('already_enrolled')
  }
  throw err
}

export interface NewStudent extends StudentFields {
  /** Given, or empty for the next one of `year`. */
  studentCode: string
  applicantId?: string
  /** The staff form's Idempotency-Key and request fingerprint (students.ts). */
  idempotencyKey?: string | null
  payloadHash?: string
}

/**
 * Creates a student and their enrolment in one go (the caller's transaction); the structure ids
 * of the placement must already be checked as the institute's. Answers the student's id, student
 * ID and roll.
 */
export async function createStudent(
  tx: Db,
  instituteId: string,
  fields: NewStudent,
  placement: Placement,
  year: number,
) {
  const studentCode = fields.studentCode || (await nextStudentCode(tx, instituteId, year))
  const roll = placement.roll ?? (await nextRoll(tx, instituteId, placement))
  try {
    const [student] = await tx
      .insert(students)
      .values({
        ...fields,
        instituteId,
        studentCode,
        dateOfBirth: fields.dateOfBirth || null,
      })
      .returning({ id: students.id })
    await tx.insert(enrolments).values({
      instituteId,
      studentId: student!.id,
      academicSessionId: placement.academicSessionId,
      classId: placement.classId,
      groupId: placement.groupId ?? null,
      sectionId: placement.sectionId ?? null,
      shiftId: placement.shiftId ?? null,
      roll,
    })
    return { id: student!.id, studentCode, roll }
  } catch (err) {
    studentRefusal(err, roll)
  }
}
