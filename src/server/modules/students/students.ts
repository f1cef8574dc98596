import { Hono } from 'hono'
import {
  EnrolmentPatchSchema,
  NextRollQuerySchema,
  StudentCreateSchema,
  StudentPatchSchema,
  StudentStatusChangeSchema,
  type NextRoll,
  type Student,
  type StudentCreated,
  type StudentPage,
  StudentPageSchema,
  NextRollSchema,
  StudentSchema,
  StudentCreatedSchema,
  EnrolmentSchema,
} from '../../../shared/schemas/students.ts'
import { StudentListQuerySchema } from '../../../shared/schemas/student-search.ts'
import type { AppEnv } from '../../app-env.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { ApiException, notFound } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { isUuid } from '../../lib/ids.ts'
import { readJson } from '../../lib/validate.ts'
import { readQuery } from '../../lib/validate.ts'
import { assertCampus, assertPlacement } from './placement.ts'
import { admissionYear, createStudent, nextRoll } from './student-create.ts'
import {
  enrolmentsOf,
  listStudents,
  studentFieldsOf,
  studentProfile,
  studentOfKey,
  studentRow,
} from './student-read.ts'
import {
  lockedEnrolment,
  type EnrolmentRow,
  setStudentStatus,
  updateEnrolment,
  updateStudent,
} from './student-write.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** A roll taken is the form's `enrolment.roll`; the student ID stays `studentCode`. */
function enrolmentRoll(err: unknown): never {
  const fields = err instanceof ApiException ? err.extra.fields : undefined
  if (err instanceof ApiException && fields?.roll) {
    const renamed = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k === 'roll' ? 'enrolment.roll' : k, v]),
    )
    throw new ApiException(err.status, err.code, err.values, { ...err.extra, fields: renamed })
  }
  throw err
}

/** Only the keys whose values differ: an audit row names what changed. */
function changed<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k])
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  }
}

const enrolmentView = (e: EnrolmentRow) => ({
  academicSessionId: e.academicSessionId,
  classId: e.classId,
  groupId: e.groupId,
  sectionId: e.sectionId,
  shiftId: e.shiftId,
  roll: e.roll,
})

/** `/api/students`: the institute's students, their enrolments and families. */
export const studentRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: StudentPageSchema, query: StudentListQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const query = readQuery(c, StudentListQuerySchema)
    const page = await listStudents(c.var.database.db, c.var.auth.instituteId, query)
    return c.json<StudentPage>({ ...page, page: query.page, perPage: query.perPage })
  })

  .get('/next-roll', documented({ answers: NextRollSchema, query: NextRollQuerySchema }))
  .get('/next-roll', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const query = readQuery(c, NextRollQuerySchema)
    const roll = await nextRoll(c.var.database.db, c.var.auth.instituteId, {
      academicSessionId: query.academicSessionId,
      classId: query.classId,
      sectionId: query.sectionId ?? null,
    })
    return c.json<NextRoll>({ roll })
  })

  .get('/:studentId', documented({ answers: StudentSchema }))
  .get('/:studentId', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const { db } = c.var.database
    const row = await studentRow(db, c.var.auth.instituteId, c.req.param('studentId'))
    return c.json<Student>(await studentProfile(db, row))
  })

  .post(
    '/',
    documented({
      answers: StudentCreatedSchema,
      body: StudentCreateSchema,
      idempotencyKey: 'optional',
      status: 201,
    }),
  )
  .post('/', requireAuth(), requirePermission('create', 'students'), async (c) => {
    const key = idempotencyKey(c, { required: false })
    const body = await readJson(c, StudentCreateSchema)
    const { database, auth } = c.var
    const db = database.db
    const fingerprint = fingerprintOf(body)
    const find = (key: string) => studentOfKey(db, auth.instituteId, key)
    const { answer } = await withIdempotency<StudentCreated>(
      { key, fingerprint, find, subject: 'student' },
      () =>
        db.transaction(async (tx) => {
          const { enrolment, studentCode, ...fields } = body
          await assertCampus(tx, auth.instituteId, fields.campusId)
          await assertPlacement(tx, auth.instituteId, enrolment, { fieldPrefix: 'enrolment.' })
          const year = await admissionYear(tx, auth.instituteId, enrolment.academicSessionId)
          const created = await createStudent(
            tx,
            auth.instituteId,
            { ...fields, studentCode, idempotencyKey: key ?? null, payloadHash: fingerprint },
            enrolment,
            year,
          ).catch(enrolmentRoll)
          await audit(c, tx, {
            area: 'institutes',
            action: 'create',
            entity: 'student',
            entityId: created.id,
            after: {
              ...fields,
              studentCode: created.studentCode,
              enrolment: { ...enrolment, roll: created.roll },
            },
          })
          return created
        }),
    )
    return c.json<StudentCreated>(answer, 201)
  })

  .patch('/:studentId', documented({ answers: StudentSchema, body: StudentPatchSchema }))
  .patch('/:studentId', requireAuth(), requirePermission('update', 'students'), async (c) => {
    const body = await readJson(c, StudentPatchSchema)
    const { database, auth } = c.var
    const row = await database.db.transaction(async (tx) => {
      const before = await studentRow(tx, auth.instituteId, c.req.param('studentId'), true)
      if (body.campusId !== undefined) await assertCampus(tx, auth.instituteId, body.campusId)
      const after = await updateStudent(tx, before, body)
      const diff = changed(studentFieldsOf(before), studentFieldsOf(after))
      if (Object.keys(diff.after).length) {
        await audit(c, tx, {
          area: 'institutes',
          action: 'update',
          entity: 'student',
          entityId: before.id,
          ...diff,
        })
      }
      return after
    })
    return c.json<Student>(await studentProfile(database.db, row))
  })

  .post(
    '/:studentId/status',
    documented({ answers: StudentSchema, body: StudentStatusChangeSchema }),
  )
  .post('/:studentId/status', requireAuth(), requirePermission('update', 'students'), async (c) => {
    const body = await readJson(c, StudentStatusChangeSchema)
    const { database, auth } = c.var
    const row = await database.db.transaction(async (tx) => {
      const before = await studentRow(tx, auth.instituteId, c.req.param('studentId'), true)
      const after = await setStudentStatus(tx, before, body)
      const { status, statusOn, statusReason } = studentFieldsOf(before)
      await audit(c, tx, {
        area: 'institutes',
        action:
          body.status === 'left'
            ? 'mark_left'
            : body.status === 'graduated'
              ? 'graduate'
              : 'reactivate',
        entity: 'student',
        entityId: before.id,
        before: { status, statusOn, statusReason },
        after: {
          status: after.status,
          statusOn: after.statusOn,
          statusReason: after.statusReason,
        },
      })
      return after
    })
    return c.json<Student>(await studentProfile(database.db, row))
  })

  .patch(
    '/:studentId/enrolments/:enrolmentId',
    documented({ answers: EnrolmentSchema, body: EnrolmentPatchSchema }),
  )
  .patch(
    '/:studentId/enrolments/:enrolmentId',
    requireAuth(),
    requirePermission('update', 'students'),
    async (c) => {
      const body = await readJson(c, EnrolmentPatchSchema)
      const { database, auth } = c.var
      const studentId = await database.db.transaction(async (tx) => {
        const student = await studentRow(tx, auth.instituteId, c.req.param('studentId'))
        const enrolmentId = c.req.param('enrolmentId')
        if (!isUuid(enrolmentId)) throw notFound('enrolment_not_found')
        const before = await lockedEnrolment(tx, student.id, enrolmentId)
        const placement = { ...enrolmentView(before), ...body }
        await assertPlacement(tx, auth.instituteId, placement, { movingStudentId: student.id })
        const after = await updateEnrolment(tx, before, placement)
        const diff = changed(enrolmentView(before), enrolmentView(after))
        if (Object.keys(diff.after).length) {
          await audit(c, tx, {
            area: 'institutes',
            action: 'update',
            entity: 'enrolment',
            entityId: before.id,
            before: { studentId: student.id, ...diff.before },
            after: { studentId: student.id, ...diff.after },
          })
        }
        return student.id
      })
      const enrolment = (
        await enrolmentsOf(database.db, { instituteId: auth.instituteId, id: studentId })
      ).find((e) => e.id === c.req.param('enrolmentId'))
      return c.json(enrolment!)
    },
  )
