import { asc, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  SmsStudentValuesSchema,
  SmsTemplateInputSchema,
  SmsTemplateListSchema,
  SmsTemplateSchema,
  SmsValuesQuerySchema,
  type SmsStudentValues,
  type SmsTemplate,
  type SmsTemplateList,
} from '../../../shared/schemas/sms.ts'
import { isInstituteLocale } from '../../../shared/schemas/institutes.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { smsTemplates } from '../../db/schema/sms.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { audit } from '../../lib/audit.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, postgresErrorCode } from '../../lib/errors.ts'
import { pathId } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { publicUrl } from '../../lib/public-url.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { studentRow } from '../students/student-read.ts'
import { studentValues } from './recipient-values.ts'

type TemplateRow = typeof smsTemplates.$inferSelect

const shown = (row: TemplateRow): SmsTemplate => ({
  id: row.id,
  name: row.name,
  purpose: row.purpose,
  texts: row.texts,
  onePerFamily: row.onePerFamily,
  updatedAt: row.updatedAt.toISOString(),
})

async function templateOr404(db: Db, instituteId: string, id: string) {
  const [row] = await db
    .select()
    .from(smsTemplates)
    .where(rowKey(smsTemplates, instituteId, id))
  if (!row) throw notFound('sms_template_not_found')
  return row
}

/** A second template of the same name (any letter case) is refused by the unique index. */
const nameTaken = (err: unknown) => {
  throw postgresErrorCode(err) === '23505' ? conflict('sms_template_name_taken') : err
}

/** The institute's own language: the values' when none is asked for. */
async function instituteLocale(db: Db, instituteId: string) {
  const [row] = await db
    .select({ locale: institutes.locale })
    .from(institutes)
    .where(eq(institutes.id, instituteId))
  const locale = row?.locale ?? ''
  return isInstituteLocale(locale) ? locale : 'en'
}

/**
 * /api/sms/templates (permission sms-notification): the institute's message templates, one
 * text per language with `{{variable}}` placeholders (src/shared/sms/template.ts), and the
 * preview of a text filled for one student.
 */
export const templateRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: SmsTemplateListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'sms-notification'), async (c) => {
    const { database, auth } = c.var
    const [rows, language] = await Promise.all([
      database.db
        .select()
        .from(smsTemplates)
        .where(eq(smsTemplates.instituteId, auth.instituteId))
        .orderBy(asc(sql`lower(${smsTemplates.name})`)),
      instituteLocale(database.db, auth.instituteId),
    ])
    return c.json<SmsTemplateList>({ data: rows.map(shown), language })
  })

  .post(
    '/',
    documented({ answers: SmsTemplateSchema, body: SmsTemplateInputSchema, status: [201] }),
  )
  .post('/', requireAuth(), requirePermission('create', 'sms-notification'), async (c) => {
    const body = await readJson(c, SmsTemplateInputSchema)
    const { database, auth } = c.var
    const row = await database.db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(smsTemplates)
          .values({ ...body, instituteId: auth.instituteId, createdBy: auth.user.id })
          .returning()
        await audit(c, tx, {
          area: 'sms',
          action: 'create',
          entity: 'sms_template',
          entityId: row!.id,
          after: shown(row!),
        })
        return row!
      })
      .catch(nameTaken)
    return c.json<SmsTemplate>(shown(row), 201)
  })

  .put('/:templateId', documented({ answers: SmsTemplateSchema, body: SmsTemplateInputSchema }))
  .put(
    '/:templateId',
    requireAuth(),
    requirePermission('update', 'sms-notification'),
    async (c) => {
      const id = pathId(c.req.param('templateId'), 'sms_template_not_found')
      const body = await readJson(c, SmsTemplateInputSchema)
      const { database, auth } = c.var
      const row = await database.db
        .transaction(async (tx) => {
          const before = await templateOr404(tx, auth.instituteId, id)
          const [row] = await tx
            .update(smsTemplates)
            .set({ ...body, updatedAt: sql`now()` })
            .where(rowKey(smsTemplates, auth.instituteId, id))
            .returning()
          await audit(c, tx, {
            area: 'sms',
            action: 'update',
            entity: 'sms_template',
            entityId: id,
            before: shown(before),
            after: shown(row!),
          })
          return row!
        })
        .catch(nameTaken)
      return c.json<SmsTemplate>(shown(row))
    },
  )

  .delete('/:templateId', documented({ status: 204 }))
  .delete(
    '/:templateId',
    requireAuth(),
    requirePermission('delete', 'sms-notification'),
    async (c) => {
      const id = pathId(c.req.param('templateId'), 'sms_template_not_found')
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const before = await templateOr404(tx, auth.instituteId, id)
        await tx.delete(smsTemplates).where(rowKey(smsTemplates, auth.instituteId, id))
        await audit(c, tx, {
          area: 'sms',
          action: 'delete',
          entity: 'sms_template',
          entityId: id,
          before: shown(before),
        })
      })
      return c.body(null, 204)
    },
  )

  .get('/values', documented({ answers: SmsStudentValuesSchema, query: SmsValuesQuerySchema }))
  .get('/values', requireAuth(), requirePermission('read', 'sms-notification'), async (c) => {
    const { studentId, locale } = readQuery(c, SmsValuesQuerySchema)
    const { database, auth } = c.var
    const student = await studentRow(database.db, auth.instituteId, studentId)
    campusScope(auth, student.campusId)
    const values = await studentValues(database.db, student, {
      locale: locale ?? (await instituteLocale(database.db, auth.instituteId)),
      linkTo: (path) => publicUrl(c, path),
    })
    return c.json<SmsStudentValues>({ values, recipient: student.guardianPhone || null })
  })
