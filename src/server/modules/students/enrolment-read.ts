import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { enrolments, students } from '../../db/schema/students.ts'
import { rowKey } from '../../db/tenant-rows.ts'

/** Which enrolments of a session: each filter given narrows; an empty list narrows nothing. */
interface EnrolledFilter {
  instituteId: string
  academicSessionId: string
  classIds?: readonly string[]
  sectionIds?: readonly string[]
  groupIds?: readonly string[]
  studentIds?: readonly string[]
  campusId?: string | null
  status?: (typeof students.$inferSelect)['status']
}

/**
 * The students enrolled in a session, each with where they are placed: a subquery the caller
 * selects from, joins (sections, classes, invoices…), narrows further and orders. PostgreSQL
 * folds it into the caller's query, so it costs what the join written by hand costs.
 *
 *   const e = enrolled(db, { instituteId, academicSessionId, classIds: [classId] })
 *   db.select({ id: e.studentId, roll: e.roll }).from(e).orderBy(e.roll)
 *
 * `name` tells two of them apart in one query (two sessions' enrolments).
 */
export function enrolled(db: Db, filter: EnrolledFilter, name = 'enrolled') {
  const narrowed = (column: Parameters<typeof inArray>[0], ids?: readonly string[]) =>
    ids?.length ? inArray(column, [...ids]) : undefined
  return db
    .select({
      instituteId: enrolments.instituteId,
      enrolmentId: enrolments.id,
      studentId: enrolments.studentId,
      academicSessionId: enrolments.academicSessionId,
      classId: enrolments.classId,
      sectionId: enrolments.sectionId,
      groupId: enrolments.groupId,
      shiftId: enrolments.shiftId,
      roll: enrolments.roll,
      studentCode: students.studentCode,
      fullName: students.fullName,
      status: students.status,
      campusId: students.campusId,
    })
    .from(enrolments)
    .innerJoin(students, rowKey(students, enrolments.instituteId, enrolments.studentId))
    .where(
      and(
        eq(enrolments.instituteId, filter.instituteId),
        eq(enrolments.academicSessionId, filter.academicSessionId),
        narrowed(enrolments.classId, filter.classIds),
        narrowed(enrolments.sectionId, filter.sectionIds),
        narrowed(enrolments.groupId, filter.groupIds),
        narrowed(enrolments.studentId, filter.studentIds),
        filter.campusId ? eq(students.campusId, filter.campusId) : undefined,
        filter.status ? eq(students.status, filter.status) : undefined,
      ),
    )
    .as(name)
}
