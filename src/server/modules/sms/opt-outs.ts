import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  SmsOptOutInputSchema,
  SmsOptOutListSchema,
  SmsOptOutSchema,
  type SmsOptOut,
  type SmsOptOutList,
} from '../../../shared/schemas/sms.ts'
import type { AppEnv } from '../../app-env.ts'
import { smsOptOuts } from '../../db/schema/sms.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, postgresErrorCode, validationFailed } from '../../lib/errors.ts'
import { pathId } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { toE164 } from '../../lib/phone-numbers.ts'
import { readJson } from '../../lib/validate.ts'
import { smsCountry } from './settings.ts'

const shown = (row: typeof smsOptOuts.$inferSelect): SmsOptOut => ({
  id: row.id,
  number: row.number,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
})

/**
 * /api/sms/opt-outs (permission sms-notification): the numbers the institute never messages,
 * kept in E.164 (read in the institute's country when written without a code), so however a
 * guardian's number is written elsewhere it is matched.
 */
export const optOutRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: SmsOptOutListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'sms-notification'), async (c) => {
    const rows = await c.var.database.db
      .select()
      .from(smsOptOuts)
      .where(eq(smsOptOuts.instituteId, c.var.auth.instituteId))
      .orderBy(asc(smsOptOuts.number))
    return c.json<SmsOptOutList>({ data: rows.map(shown) })
  })

  .post('/', documented({ answers: SmsOptOutSchema, body: SmsOptOutInputSchema, status: [201] }))
  .post('/', requireAuth(), requirePermission('create', 'sms-notification'), async (c) => {
    const body = await readJson(c, SmsOptOutInputSchema)
    const { database, auth } = c.var
    const number = toE164(body.number, await smsCountry(database.db, auth.instituteId))
    if (!number) throw validationFailed({ number: 'sms_number_invalid' })
    const row = await database.db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(smsOptOuts)
          .values({
            instituteId: auth.instituteId,
            number,
            reason: body.reason,
            createdBy: auth.user.id,
          })
          .returning()
        await audit(c, tx, {
          area: 'sms',
          action: 'create',
          entity: 'sms_opt_out',
          entityId: row!.id,
          after: shown(row!),
        })
        return row!
      })
      .catch((err: unknown) => {
        throw postgresErrorCode(err) === '23505' ? conflict('sms_number_opted_out') : err
      })
    return c.json<SmsOptOut>(shown(row), 201)
  })

  .delete('/:optOutId', documented({ status: 204 }))
  .delete(
    '/:optOutId',
    requireAuth(),
    requirePermission('delete', 'sms-notification'),
    async (c) => {
      const id = pathId(c.req.param('optOutId'), 'sms_opt_out_not_found')
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const [row] = await tx
          .delete(smsOptOuts)
          .where(rowKey(smsOptOuts, auth.instituteId, id))
          .returning()
        if (!row) throw notFound('sms_opt_out_not_found')
        await audit(c, tx, {
          area: 'sms',
          action: 'delete',
          entity: 'sms_opt_out',
          entityId: id,
          before: shown(row),
        })
      })
      return c.body(null, 204)
    },
  )
