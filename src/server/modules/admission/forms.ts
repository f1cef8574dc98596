import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  AdmissionFormInputSchema,
  type AdmissionForm,
} from '../../../shared/schemas/admission-forms.ts'
import { AdmissionFormListQuerySchema } from '../../../shared/schemas/admission-lists.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, classes, groups } from '../../db/schema/academic.ts'
import { admissionForms, applicants } from '../../db/schema/admission.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, postgresErrorCode } from '../../lib/errors.ts'
import { containing } from '../../lib/like.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { assertPlacement } from '../students/placement.ts'
import { isUuid } from '../../lib/ids.ts'
import { instituteToday } from '../../lib/today.ts'
import { countsByForm, findForm, selectForms, staffForm, type FormRow } from './form-read.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { documented } from '../../lib/openapi/documented.ts'
import {
  AdmissionFormListSchema,
  AdmissionFormSchema,
} from '../../../shared/schemas/admission-forms.ts'

type FormInput = v.InferOutput<typeof AdmissionFormInputSchema>

/** The audit's picture of a form: everything staff set, by key and label. */
const auditView = (f: AdmissionForm) => ({
  title: f.title,
  academicSession: f.academicSession,
  className: f.className,
  groupName: f.groupName,
  opensOn: f.opensOn,
  closesOn: f.closesOn,
  fee: f.fee,
  requiredFields: f.requiredFields,
  questions: f.questions.map(
    (q) => `${q.id}: ${q.label} (${q.kind}${q.required ? ', required' : ''})`,
  ),
  attachments: f.attachments.map(
    (a) => `${a.kind}: ${a.types.join(' ')} ≤ ${a.maxBytes} B${a.required ? ', required' : ''}`,
  ),
  instructions: f.instructions,
  published: f.published,
  closed: f.closed,
})

/** A form as staff see it, with today's `accepting` and its applications per status. */
async function present(db: Db, instituteId: string, form: FormRow): Promise<AdmissionForm> {
  const today = await instituteToday(db, instituteId)
  const counts = (await countsByForm(db, instituteId)).get(form.id) ?? {}
  return staffForm(form, today, counts)
}

async function formOr404(c: Context<AppEnv>) {
  const form = await findForm(
    c.var.database.db,
    c.var.auth.instituteId,
    c.req.param('formId') ?? '',
  )
  if (!form) throw notFound('form_missing')
  return form
}

/** The addressed form, locked until the transaction ends (inside `tx`, never the outer db). */
async function lockedFormOr404(c: Context<AppEnv>, tx: Db): Promise<FormRow> {
  const formId = c.req.param('formId') ?? ''
  if (!isUuid(formId)) throw notFound('form_missing')
  const [form] = await selectForms(
    tx,
    and(eq(admissionForms.instituteId, c.var.auth.instituteId), eq(admissionForms.id, formId)),
  ).for('update', { of: admissionForms })
  if (!form) throw notFound('form_missing')
  return form
}

/** The form as just written, with its lists' names. */
const reread = async (tx: Db, instituteId: string, formId: string) =>
  (await findForm(tx, instituteId, formId))!

/** 422 by field unless the session, class and group are the institute's and fit together. */
const assertFormPlacement = (tx: Db, instituteId: string, body: FormInput) =>
  assertPlacement(tx, instituteId, {
    academicSessionId: body.academicSessionId,
    classId: body.classId,
    groupId: body.groupId,
    sectionId: null,
    shiftId: null,
    roll: null,
  })

const columnsOf = (body: FormInput) => ({
  title: body.title,
  academicSessionId: body.academicSessionId,
  classId: body.classId,
  groupId: body.groupId,
  opensOn: body.opensOn,
  closesOn: body.closesOn,
  fee: body.fee,
  requiredFields: body.requiredFields,
  questions: body.questions,
  attachments: body.attachments,
  instructions: body.instructions,
})

const sortColumns = {
  title: sql`lower(${admissionForms.title})`,
  opensOn: admissionForms.opensOn,
  closesOn: admissionForms.closesOn,
}

const formInUse = () => conflict('form_in_use')

type Flag = { published?: boolean; closed?: boolean }

/** Publishing, unpublishing, closing and opening: one flag, audited when it changes. */
function setFlag(action: 'publish' | 'unpublish' | 'close' | 'open', flag: Flag) {
  return async (c: Context<AppEnv>) => {
    const { database, auth } = c.var
    const after = await database.db.transaction(async (tx) => {
      const before = await lockedFormOr404(c, tx)
      const unchanged = Object.entries(flag).every(
        ([key, value]) => before[key as keyof Flag] === value,
      )
      if (unchanged) return before
      await tx
        .update(admissionForms)
        .set({ ...flag, updatedAt: new Date() })
        .where(rowKey(admissionForms, before.instituteId, before.id))
      const updated = await reread(tx, auth.instituteId, before.id)
      await audit(c, tx, {
        area: 'admission',
        action,
        entity: 'admission_form',
        entityId: before.id,
        before: { published: before.published, closed: before.closed },
        after: { published: updated.published, closed: updated.closed },
      })
      return updated
    })
    return c.json(await present(database.db, auth.instituteId, after))
  }
}

/** Admission forms of the institute (staff, permission `admission`). */
export const admissionFormRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: AdmissionFormListSchema, query: AdmissionFormListQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'admission'), async (c) => {
    const query = readQuery(c, AdmissionFormListQuerySchema)
    const { database, auth } = c.var
    const conditions: SQL[] = [eq(admissionForms.instituteId, auth.instituteId)]
    if (query.q) {
      const like = containing(query.q)
      conditions.push(
        or(
          ilike(admissionForms.title, like),
          ilike(academicSessions.name, like),
          ilike(classes.name, like),
          ilike(groups.name, like),
        )!,
      )
    }
    const where = and(...conditions)
    const order = query.sortBy
      ? [(query.sortDesc ? desc : asc)(sortColumns[query.sortBy]), desc(admissionForms.createdAt)]
      : [desc(admissionForms.createdAt)]
    const rows = await selectForms(database.db, where)
      .orderBy(...order, asc(admissionForms.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
    const [count] = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(admissionForms)
      .innerJoin(
        academicSessions,
        rowKey(academicSessions, admissionForms.instituteId, admissionForms.academicSessionId),
      )
      .innerJoin(classes, rowKey(classes, admissionForms.instituteId, admissionForms.classId))
      .leftJoin(groups, rowKey(groups, admissionForms.instituteId, admissionForms.groupId))
      .where(where)
    const today = await instituteToday(database.db, auth.instituteId)
    const counts = await countsByForm(database.db, auth.instituteId)
    return c.json({
      data: rows.map((form) => staffForm(form, today, counts.get(form.id) ?? {})),
      total: count?.total ?? 0,
      page: query.page,
      perPage: query.perPage,
    })
  })

  .get('/:formId', documented({ answers: AdmissionFormSchema }))
  .get('/:formId', requireAuth(), requirePermission('read', 'admission'), async (c) => {
    const form = await formOr404(c)
    return c.json(await present(c.var.database.db, c.var.auth.instituteId, form))
  })

  .post(
    '/',
    documented({ answers: AdmissionFormSchema, body: AdmissionFormInputSchema, status: 201 }),
  )
  .post('/', requireAuth(), requirePermission('create', 'admission'), async (c) => {
    const body = await readJson(c, AdmissionFormInputSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      await assertFormPlacement(tx, auth.instituteId, body)
      const [row] = await tx
        .insert(admissionForms)
        .values({ ...columnsOf(body), instituteId: auth.instituteId })
        .returning({ id: admissionForms.id })
      const form = await present(tx, auth.instituteId, await reread(tx, auth.instituteId, row!.id))
      await audit(c, tx, {
        area: 'admission',
        action: 'create',
        entity: 'admission_form',
        entityId: form.id,
        after: auditView(form),
      })
      return form
    })
    return c.json(created, 201)
  })

  .put('/:formId', documented({ answers: AdmissionFormSchema, body: AdmissionFormInputSchema }))
  .put('/:formId', requireAuth(), requirePermission('update', 'admission'), async (c) => {
    const body = await readJson(c, AdmissionFormInputSchema)
    const { database, auth } = c.var
    const updated = await database.db.transaction(async (tx) => {
      const locked = await lockedFormOr404(c, tx)
      const before = await present(tx, auth.instituteId, locked)
      await assertFormPlacement(tx, auth.instituteId, body)
      await tx
        .update(admissionForms)
        .set({ ...columnsOf(body), updatedAt: new Date() })
        .where(rowKey(admissionForms, locked.instituteId, locked.id))
      const after = await present(
        tx,
        auth.instituteId,
        await reread(tx, auth.instituteId, locked.id),
      )
      await audit(c, tx, {
        area: 'admission',
        action: 'update',
        entity: 'admission_form',
        entityId: after.id,
        before: auditView(before),
        after: auditView(after),
      })
      return after
    })
    return c.json(updated)
  })

  .post('/:formId/publish', documented({ answers: AdmissionFormSchema }))
  .post(
    '/:formId/publish',
    requireAuth(),
    requirePermission('update', 'admission'),
    setFlag('publish', { published: true }),
  )
  .post('/:formId/unpublish', documented({ answers: AdmissionFormSchema }))
  .post(
    '/:formId/unpublish',
    requireAuth(),
    requirePermission('update', 'admission'),
    setFlag('unpublish', { published: false }),
  )
  .post('/:formId/close', documented({ answers: AdmissionFormSchema }))
  .post(
    '/:formId/close',
    requireAuth(),
    requirePermission('update', 'admission'),
    setFlag('close', { closed: true }),
  )
  .post('/:formId/open', documented({ answers: AdmissionFormSchema }))
  .post(
    '/:formId/open',
    requireAuth(),
    requirePermission('update', 'admission'),
    setFlag('open', { closed: false }),
  )

  .delete('/:formId', documented({ status: 204 }))
  .delete('/:formId', requireAuth(), requirePermission('delete', 'admission'), async (c) => {
    const { database, auth } = c.var
    await database.db
      .transaction(async (tx) => {
        // Locked: a submission to it (whose foreign key shares the row) waits or comes first.
        const form = await lockedFormOr404(c, tx)
        const [used] = await tx
          .select({ id: applicants.id })
          .from(applicants)
          .where(eq(applicants.formId, form.id))
          .limit(1)
        if (used) throw formInUse()
        const before = await present(tx, auth.instituteId, form)
        await tx.delete(admissionForms).where(rowKey(admissionForms, form.instituteId, form.id))
        await audit(c, tx, {
          area: 'admission',
          action: 'delete',
          entity: 'admission_form',
          entityId: form.id,
          before: auditView(before),
        })
      })
      .catch((err: unknown) => {
        throw postgresErrorCode(err) === '23503' ? formInUse() : err
      })
    return c.body(null, 204)
  })
