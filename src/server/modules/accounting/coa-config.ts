import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { CoaConfigSchema, type CoaConfig } from '../../../shared/schemas/accounting.ts'
import type { AppEnv } from '../../app-env.ts'
import { coaSettings, vouchers } from '../../db/schema/accounting.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { ApiException, conflict } from '../../lib/errors.ts'
import { readJson } from '../../lib/validate.ts'
import { coaSettingsOf } from './fiscal-year.ts'
import { instituteToday } from '../../lib/today.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * §2 /coa-config: the digits each level adds to a GL code (for new accounts), the month the
 * fiscal year starts (voucher numbers restart with each fiscal year) and the lock date (the
 * books are closed through it; moving it back reopens them).
 */
export const coaConfigRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: CoaConfigSchema }))
  .get('/', requireAuth(), requirePermission('read', 'coa-config'), async (c) =>
    c.json<CoaConfig>(await coaSettingsOf(c.var.database.db, c.var.auth.instituteId)),
  )
  .put('/', documented({ answers: CoaConfigSchema, body: CoaConfigSchema }))
  .put('/', requireAuth(), requirePermission('update', 'coa-config'), async (c) => {
    const body = await readJson(c, CoaConfigSchema)
    const { database, auth } = c.var
    if (body.lockDate && body.lockDate > (await instituteToday(database.db, auth.instituteId))) {
      throw new ApiException(422, 'lock_date_in_future', undefined, {
        fields: { lockDate: [{ code: 'lock_date_in_future' }] },
      })
    }
    const saved = await database.db.transaction(async (tx) => {
      // Held until commit: no voucher is posted under the lock date while it moves.
      const before = await coaSettingsOf(tx, auth.instituteId, 'update')
      if (body.fiscalYearStartMonth !== before.fiscalYearStartMonth) {
        const [posted] = await tx
          .select({ id: vouchers.id })
          .from(vouchers)
          .where(eq(vouchers.instituteId, auth.instituteId))
          .limit(1)
        // Voucher numbers run per fiscal year: moving its start would mix two years' numbers.
        if (posted) throw conflict('vouchers_posted')
      }
      const after = {
        ...body,
        lockDate: body.lockDate === undefined ? before.lockDate : body.lockDate,
      }
      await tx
        .insert(coaSettings)
        .values({ instituteId: auth.instituteId, ...after })
        .onConflictDoUpdate({ target: coaSettings.instituteId, set: after })
      await audit(c, tx, {
        area: 'accounting',
        action: 'update',
        entity: 'coa_config',
        entityId: auth.instituteId,
        before,
        after,
      })
      return after
    })
    return c.json<CoaConfig>(saved)
  })
