import { and, desc, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type {
  StudentPatchSchema,
  StudentStatusChangeSchema,
} from '../../../shared/schemas/students.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions } from '../../db/schema/academic.ts'
import { enrolments, students } from '../../db/schema/students.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { notFound } from '../../lib/errors.ts'
import { studentRefusal } from './student-create.ts'
import type { StudentRow } from './student-read.ts'

export type EnrolmentRow = typeof enrolments.$inferSelect

/** The student's fields given (an empty date of birth clears it); answers the row saved. */
export async function updateStudent(
  tx: Db,
  before: StudentRow,
  body: v.InferOutput<typeof StudentPatchSchema>,
) {
  const values = {
    ...body,
    ...(body.dateOfBirth !== undefined && { dateOfBirth: body.dateOfBirth || null }),
  }
  const [after] = await tx
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(rowKey(students, before.instituteId, before.id))
    .returning()
    .catch((err: unknown) => studentRefusal(err, 0))
  return after!
}

/**
 * The student left, graduated or back: their status, and the outcome of their latest enrolment
 * (left or graduated, open again when back). Answers the row saved.
 */
export async function setStudentStatus(
  tx: Db,
  before: StudentRow,
  body: v.InferOutput<typeof StudentStatusChangeSchema>,
) {
  const [after] = await tx
    .update(students)
    .set({
      status: body.status,
      statusOn: body.status === 'active' ? null : body.on,
      statusReason: body.status === 'left' ? body.reason : '',
      updatedAt: new Date(),
    })
    .where(rowKey(students, before.instituteId, before.id))
    .returning()
  const [latest] = await tx
    .select({
      instituteId: enrolments.instituteId,
      id: enrolments.id,
      outcome: enrolments.outcome,
    })
    .from(enrolments)
    .innerJoin(
      academicSessions,
      rowKey(academicSessions, enrolments.instituteId, enrolments.academicSessionId),
    )
    .where(and(eq(enrolments.instituteId, before.instituteId), eq(enrolments.studentId, before.id)))
    .orderBy(desc(academicSessions.startsOn))
    .limit(1)
  if (latest) {
    const outcome =
      body.status === 'active'
        ? latest.outcome === 'left' || latest.outcome === 'graduated'
          ? null
          : latest.outcome
        : latest.outcome === null || latest.outcome === 'left' || latest.outcome === 'graduated'
          ? body.status
          : latest.outcome
    if (outcome !== latest.outcome) {
      await tx
        .update(enrolments)
        .set({ outcome, updatedAt: new Date() })
        .where(rowKey(enrolments, latest.instituteId, latest.id))
    }
  }
  return after!
}

/** The student's enrolment of that id, locked for the change: 404 when there is none. */
export async function lockedEnrolment(tx: Db, studentId: string, enrolmentId: string) {
  const [row] = await tx
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.id, enrolmentId), eq(enrolments.studentId, studentId)))
    .for('update')
  if (!row) throw notFound('enrolment_not_found')
  return row
}

/** The enrolment's group, section, shift and roll; answers the row saved. */
export async function updateEnrolment(
  tx: Db,
  before: EnrolmentRow,
  placement: Pick<EnrolmentRow, 'groupId' | 'sectionId' | 'shiftId' | 'roll'>,
) {
  const [after] = await tx
    .update(enrolments)
    .set({
      groupId: placement.groupId,
      sectionId: placement.sectionId,
      shiftId: placement.shiftId,
      roll: placement.roll,
      updatedAt: new Date(),
    })
    .where(rowKey(enrolments, before.instituteId, before.id))
    .returning()
    .catch((err: unknown) => studentRefusal(err, placement.roll))
  return after!
}
