import { and, desc, eq, sql } from 'drizzle-orm'
import type {
  Enrolment,
  Sibling,
  Student,
  StudentListItem,
} from '../../../shared/schemas/students.ts'
import type { StudentListQuery, StudentStatus } from '../../../shared/schemas/student-search.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions } from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { enrolments, students } from '../../db/schema/students.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import { listOrder, matchingStudentIds } from './student-search.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { rowsOf } from '../../db/rows.ts'
import { isUuid } from '../../lib/ids.ts'

/** The session a list shows when none is asked for: the current one, else the latest. */
export async function defaultSessionId(db: Db, instituteId: string) {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.instituteId, instituteId))
    .orderBy(desc(academicSessions.isCurrent), desc(academicSessions.startsOn))
    .limit(1)
  return row?.id ?? null
}

/** The session's enrolment columns with their lists' names; `e` joined as in the list. */
const enrolmentColumns = sql`e.id as e_id, e.academic_session_id, se.name as session_name,
  e.class_id, c.name as class_name, e.group_id, g.name as group_name, e.section_id,
  sc.name as section_name, e.shift_id, sh.name as shift_name, e.roll, e.outcome`
export const enrolmentNames = sql`left join academic_sessions se
    on se.institute_id = e.institute_id and se.id = e.academic_session_id
  left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
  left join groups g on g.institute_id = e.institute_id and g.id = e.group_id
  left join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id
  left join shifts sh on sh.institute_id = e.institute_id and sh.id = e.shift_id`

interface EnrolmentRow {
  e_id: string | null
  academic_session_id: string
  session_name: string
  class_id: string
  class_name: string
  group_id: string | null
  group_name: string | null
  section_id: string | null
  section_name: string | null
  shift_id: string | null
  shift_name: string | null
  roll: number
  outcome: Enrolment['outcome']
}

const enrolmentOf = (r: EnrolmentRow): Enrolment | null =>
  r.e_id === null
    ? null
    : {
        id: r.e_id,
        academicSessionId: r.academic_session_id,
        sessionName: r.session_name,
        classId: r.class_id,
        className: r.class_name,
        groupId: r.group_id,
        groupName: r.group_name,
        sectionId: r.section_id,
        sectionName: r.section_name,
        shiftId: r.shift_id,
        shiftName: r.shift_name,
        roll: r.roll,
        outcome: r.outcome,
      }

/**
 * What the list's query selects, shared by the list and its export: the session listed, the
 * students' `where` (aliased `s`) and the join of their enrolment in it (`e`).
 */
export async function studentListFilter(db: Db, instituteId: string, query: StudentListQuery) {
  let sessionId = query.academicSessionId ?? null
  if (sessionId) {
    const [session] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(and(eq(academicSessions.id, sessionId), eq(academicSessions.instituteId, instituteId)))
    if (!session) throw validationFailed({ academicSessionId: 'unknown_structure_item' })
  } else {
    sessionId = await defaultSessionId(db, instituteId)
  }
  // Filters and the search pick students by id through their own indexes; each listed
  // student's enrolment is then looked up by its key, so the plan stays index lookups even
  // when the planner's statistics are stale (PGlite runs no autovacuum).
  const placement = [
    query.classId ? sql`class_id = ${query.classId}` : undefined,
    query.groupId ? sql`group_id = ${query.groupId}` : undefined,
    query.sectionId ? sql`section_id = ${query.sectionId}` : undefined,
  ].filter((part) => part !== undefined)
  const matches = matchingStudentIds(instituteId, sessionId, query.q)
  const where = sql.join(
    [
      sql`s.institute_id = ${instituteId}`,
      query.campusId ? sql`s.campus_id = ${query.campusId}` : undefined,
      query.status ? sql`s.status = ${query.status}` : undefined,
      placement.length
        ? sql`s.id in (select student_id from enrolments where institute_id = ${instituteId}
            and academic_session_id = ${sessionId} and ${sql.join(placement, sql` and `)})`
        : undefined,
      matches ? sql`s.id in (${matches})` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  )
  // The export reads each student's enrolment in the session through this join, with the
  // places of its class and section that the list's order (listOrder) sorts by.
  const enrolled = sql`left join lateral (select e.*, c.position as class_position,
      sc.position as section_position
    from enrolments e left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
      left join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id
    where e.institute_id = ${instituteId} and e.student_id = s.id
      and e.academic_session_id = ${sessionId}) e on true`
  return { sessionId, where, enrolled }
}

/**
 * One page of the student list. Each student shows their enrolment in the session listed (the
 * current one unless asked). A class, group or section filter lists only students enrolled
 * there in that session; without one, every student of the institute is listed, those not
 * enrolled in the session with no enrolment (so a search finds anyone, whatever their session).
 */
export async function listStudents(
  db: Db,
  instituteId: string,
  query: StudentListQuery,
): Promise<{ data: StudentListItem[]; total: number }> {
  const { sessionId, where } = await studentListFilter(db, instituteId, query)
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from students s where ${where}`),
  )
  const total = counted!.n
  if (total === 0) return { data: [], total }
  const rows = rowsOf<
    EnrolmentRow & {
      id: string
      student_code: string
      full_name: string
      guardian_name: string
      guardian_phone: string
      campus_id: string
      campus_name: string
      status: StudentStatus
    }
  >(
    // The matching students are picked first (materialized: few for a search), and only they
    // get their enrolment looked up; the planner would otherwise join all of them first.
    await db.execute(sql`with picked as materialized (select s.id from students s where ${where})
      select s.id, s.student_code, s.full_name, s.guardian_name,
        s.guardian_phone, s.campus_id, cp.name as campus_name, s.status, e.*
      from picked join students s on s.id = picked.id join campuses cp on cp.id = s.campus_id
      left join lateral (select ${enrolmentColumns}, c.position as class_position,
          sc.position as section_position
        from enrolments e ${enrolmentNames}
        where e.institute_id = ${instituteId} and e.student_id = s.id
          and e.academic_session_id = ${sessionId}) e on true
      order by ${listOrder(query)}
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
  )
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      studentCode: r.student_code,
      fullName: r.full_name,
      guardianName: r.guardian_name,
      guardianPhone: r.guardian_phone,
      campusId: r.campus_id,
      campusName: r.campus_name,
      status: r.status,
      enrolment: enrolmentOf(r),
    })),
  }
}

/** A student's enrolments, the latest session first, with their lists' names. */
export async function enrolmentsOf(
  db: Db,
  student: { instituteId: string; id: string },
): Promise<Enrolment[]> {
  const rows = rowsOf<EnrolmentRow>(
    await db.execute(sql`select ${enrolmentColumns} from enrolments e ${enrolmentNames}
      where e.institute_id = ${student.instituteId} and e.student_id = ${student.id}
      order by se.starts_on desc`),
  )
  return rows.map((r) => enrolmentOf(r)!)
}

/**
 * The other students sharing the guardian's phone (the family key), each with their class and
 * section in the current session, or else their latest.
 */
export async function familyOf(
  db: Db,
  instituteId: string,
  student: { id: string; familyKey: string | null },
): Promise<Sibling[]> {
  if (!student.familyKey) return []
  const rows = rowsOf<{
    id: string
    student_code: string
    full_name: string
    status: StudentStatus
    class_name: string | null
    section_name: string | null
  }>(
    await db.execute(sql`select s.id, s.student_code, s.full_name, s.status,
        latest.class_name, latest.section_name
      from students s
      left join lateral (
        select c.name as class_name, sc.name as section_name from enrolments e
          join academic_sessions se on se.id = e.academic_session_id
          join classes c on c.id = e.class_id
          left join sections sc on sc.id = e.section_id
         where e.student_id = s.id
         order by se.is_current desc, se.starts_on desc limit 1
      ) latest on true
      where s.institute_id = ${instituteId} and s.family_key = ${student.familyKey}
        and s.id <> ${student.id}
      order by s.date_of_birth nulls last, s.student_code`),
  )
  return rows.map((r) => ({
    id: r.id,
    studentCode: r.student_code,
    fullName: r.full_name,
    status: r.status,
    className: r.class_name,
    sectionName: r.section_name,
  }))
}

/** The student an Idempotency-Key created, with the payload it was asked with and its roll. */
export async function studentOfKey(db: Db, instituteId: string, key: string) {
  const [row] = await db
    .select({
      id: students.id,
      studentCode: students.studentCode,
      payloadHash: students.payloadHash,
      roll: enrolments.roll,
    })
    .from(students)
    .innerJoin(
      enrolments,
      and(eq(enrolments.instituteId, students.instituteId), eq(enrolments.studentId, students.id)),
    )
    .where(and(eq(students.instituteId, instituteId), eq(students.idempotencyKey, key)))
    .orderBy(enrolments.createdAt)
    .limit(1)
  return (
    row && {
      fingerprint: row.payloadHash ?? '',
      answer: { id: row.id, studentCode: row.studentCode, roll: row.roll },
    }
  )
}

export type StudentRow = typeof students.$inferSelect

/** The student of the institute, or a 404 (also for an id that is no uuid). */
export async function studentRow(
  db: Db,
  instituteId: string,
  id: string | undefined,
  lock = false,
) {
  if (!isUuid(id)) throw notFound('student_not_found')
  const query = db
    .select()
    .from(students)
    .where(and(eq(students.instituteId, instituteId), eq(students.id, id)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('student_not_found')
  return row
}

/** A student's own fields and status as the office reads them (the profile, the audit). */
export const studentFieldsOf = (row: StudentRow) => ({
  studentCode: row.studentCode,
  fullName: row.fullName,
  dateOfBirth: row.dateOfBirth ?? '',
  gender: row.gender,
  religion: row.religion,
  bloodGroup: row.bloodGroup,
  fatherName: row.fatherName,
  motherName: row.motherName,
  guardianName: row.guardianName,
  guardianRelation: row.guardianRelation,
  guardianPhone: row.guardianPhone,
  guardianEmail: row.guardianEmail,
  address: row.address,
  campusId: row.campusId,
  status: row.status,
  statusOn: row.statusOn,
  statusReason: row.statusReason,
})

/** A student's profile: fields, status, enrolments (latest first) and family. */
export async function studentProfile(db: Db, row: StudentRow): Promise<Student> {
  const [campus] = await db
    .select({ name: campuses.name })
    .from(campuses)
    .where(rowKey(campuses, row.instituteId, row.campusId))
  return {
    id: row.id,
    ...studentFieldsOf(row),
    campusName: campus?.name ?? '',
    hasPhoto: row.photoKey !== null,
    applicantId: row.applicantId,
    createdAt: row.createdAt.toISOString(),
    enrolments: await enrolmentsOf(db, row),
    family: await familyOf(db, row.instituteId, row),
  }
}
