import { and, asc, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  ClassStudentsQuerySchema,
  FeeOverrideInputSchema,
  FeeOverrideQuerySchema,
  FeeOverrideRemoveSchema,
  type ClassStudent,
  type FeeOverride,
  ClassStudentListSchema,
  FeeOverrideListSchema,
  FeeOverrideResultSchema,
} from '../../../../shared/schemas/fee-setup.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { studentFeeOverrides } from '../../../db/schema/fee-setup.ts'
import { sections } from '../../../db/schema/academic.ts'
import { students } from '../../../db/schema/students.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { validationFailed } from '../../../lib/errors.ts'
import { readJson, readQuery } from '../../../lib/validate.ts'
import { sessionOf } from './payment-cycle-read.ts'
import { headsById } from './setup-read.ts'
import { enrolled } from '../../students/enrolment-read.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { documented } from '../../../lib/openapi/documented.ts'

async function listOverrides(
  db: Db,
  instituteId: string,
  where: { studentId?: string; academicSessionId?: string; feeHeadId?: string },
): Promise<FeeOverride[]> {
  const rows = await db
    .select({ override: studentFeeOverrides, code: students.studentCode, name: students.fullName })
    .from(studentFeeOverrides)
    .innerJoin(
      students,
      rowKey(students, studentFeeOverrides.instituteId, studentFeeOverrides.studentId),
    )
    .where(
      and(
        eq(studentFeeOverrides.instituteId, instituteId),
        where.studentId ? eq(studentFeeOverrides.studentId, where.studentId) : undefined,
        where.academicSessionId
          ? eq(studentFeeOverrides.academicSessionId, where.academicSessionId)
          : undefined,
        where.feeHeadId ? eq(studentFeeOverrides.feeHeadId, where.feeHeadId) : undefined,
      ),
    )
    .orderBy(asc(students.studentCode))
  return rows.map(({ override, code, name }) => ({
    id: override.id,
    studentId: override.studentId,
    studentCode: code,
    studentName: name,
    feeHeadId: override.feeHeadId,
    academicSessionId: override.academicSessionId,
    amountMinor: override.amountMinor,
    excluded: override.excluded,
    reason: override.reason,
  }))
}

/** The active students enrolled in a class in a session, by section and roll. */
async function classStudents(
  db: Db,
  instituteId: string,
  query: { academicSessionId: string; classId: string },
): Promise<ClassStudent[]> {
  const inClass = enrolled(db, {
    instituteId,
    academicSessionId: query.academicSessionId,
    classIds: [query.classId],
    status: 'active',
  })
  return db
    .select({
      studentId: inClass.studentId,
      studentCode: inClass.studentCode,
      studentName: inClass.fullName,
      sectionName: sections.name,
      roll: inClass.roll,
    })
    .from(inClass)
    .leftJoin(sections, rowKey(sections, inClass.instituteId, inClass.sectionId))
    .orderBy(asc(sections.position), asc(inClass.roll))
}

/** 422 unless the head, the session and every student are the institute's. */
async function checkTarget(
  tx: Db,
  instituteId: string,
  body: { studentIds: string[]; feeHeadId: string; academicSessionId: string },
) {
  const head = (await headsById(tx, instituteId)).get(body.feeHeadId)
  if (!head) throw validationFailed({ feeHeadId: 'unknown_fee_head' })
  await sessionOf(tx, instituteId, body.academicSessionId, 'academicSessionId')
  const found = new Set(
    (
      await tx
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.instituteId, instituteId), inArray(students.id, body.studentIds)))
    ).map((r) => r.id),
  )
  const missing = body.studentIds.findIndex((id) => !found.has(id))
  if (missing >= 0) throw validationFailed({ [`studentIds.${missing}`]: 'student_not_found' })
  return head
}

/**
 * /fees/overrides: a student's own amount of a head for a session, or the head left out for
 * them (a transport fee only some pay): set or removed for one student or a list at once.
 */
export const feeOverrideRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: FeeOverrideListSchema, query: FeeOverrideQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'std-fee-config'), async (c) => {
    const query = readQuery(c, FeeOverrideQuerySchema)
    return c.json({ data: await listOverrides(c.var.database.db, c.var.auth.instituteId, query) })
  })

  .get(
    '/students',
    documented({ answers: ClassStudentListSchema, query: ClassStudentsQuerySchema }),
  )

  .get('/students', requireAuth(), requirePermission('read', 'std-fee-config'), async (c) => {
    const query = readQuery(c, ClassStudentsQuerySchema)
    return c.json({ data: await classStudents(c.var.database.db, c.var.auth.instituteId, query) })
  })

  .put('/', documented({ answers: FeeOverrideResultSchema, body: FeeOverrideInputSchema }))

  .put('/', requireAuth(), requirePermission('update', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeOverrideInputSchema)
    const { database, auth } = c.var
    const studentIds = [...new Set(body.studentIds)]
    const changed = await database.db.transaction(async (tx) => {
      const head = await checkTarget(tx, auth.instituteId, { ...body, studentIds })
      const values = { amountMinor: body.amountMinor, excluded: body.excluded, reason: body.reason }
      await tx
        .insert(studentFeeOverrides)
        .values(
          studentIds.map((studentId) => ({
            ...values,
            instituteId: auth.instituteId,
            studentId,
            feeHeadId: body.feeHeadId,
            academicSessionId: body.academicSessionId,
            createdBy: auth.user.id,
          })),
        )
        .onConflictDoUpdate({
          target: [
            studentFeeOverrides.instituteId,
            studentFeeOverrides.studentId,
            studentFeeOverrides.feeHeadId,
            studentFeeOverrides.academicSessionId,
          ],
          set: { ...values, updatedAt: new Date() },
        })
      await audit(c, tx, {
        area: 'fees',
        action: 'update',
        entity: 'fee_override',
        entityId: body.feeHeadId,
        after: { head: head.code, students: studentIds.length, ...values },
      })
      return studentIds.length
    })
    return c.json({ changed })
  })

  .post('/remove', documented({ answers: FeeOverrideResultSchema, body: FeeOverrideRemoveSchema }))

  .post('/remove', requireAuth(), requirePermission('update', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeOverrideRemoveSchema)
    const { database, auth } = c.var
    const changed = await database.db.transaction(async (tx) => {
      const head = await checkTarget(tx, auth.instituteId, body)
      const removed = await tx
        .delete(studentFeeOverrides)
        .where(
          and(
            eq(studentFeeOverrides.instituteId, auth.instituteId),
            eq(studentFeeOverrides.feeHeadId, body.feeHeadId),
            eq(studentFeeOverrides.academicSessionId, body.academicSessionId),
            inArray(studentFeeOverrides.studentId, body.studentIds),
          ),
        )
        .returning({ studentId: studentFeeOverrides.studentId })
      if (removed.length) {
        await audit(c, tx, {
          area: 'fees',
          action: 'delete',
          entity: 'fee_override',
          entityId: body.feeHeadId,
          before: { head: head.code, students: removed.map((r) => r.studentId) },
        })
      }
      return removed.length
    })
    return c.json({ changed })
  })
