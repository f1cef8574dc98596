import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { CoaConfigSchema, type CoaConfig } from '../../../shared/schemas/accounting.ts'
import type { AppEnv } from '../../app-env.ts'
import { coaSettings, vouchers } from '../../db/schema.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { ApiException } from '../../lib/errors.ts'
import { readJson } from '../../lib/validate.ts'
import { coaSettingsOf } from './fiscal-year.ts'

/**
 * §2 /coa-config: the digits each level adds to a GL code (for new accounts) and the month
 * the fiscal year starts (voucher numbers restart with each fiscal year).
 */
export const coaConfigRoutes = new Hono<AppEnv>()
  .get('/', requireAuth(), requirePermission('read', 'coa-config'), async (c) =>
    c.json<CoaConfig>(await coaSettingsOf(c.var.database.db, c.var.auth.instituteId)),
  )
  .put('/', requireAuth(), requirePermission('update', 'coa-config'), async (c) => {
    const body = await readJson(c, CoaConfigSchema)
    const { database, auth } = c.var
    const before = await coaSettingsOf(database.db, auth.instituteId)
    if (body.fiscalYearStartMonth !== before.fiscalYearStartMonth) {
      const [posted] = await database.db
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(eq(vouchers.instituteId, auth.instituteId))
        .limit(1)
      // Voucher numbers run per fiscal year: moving its start would mix two years' numbers.
      if (posted) {
        throw new ApiException(409, 'The fiscal year cannot move once vouchers are posted.', {
          code: 'vouchers_posted',
        })
      }
    }
    await database.db.transaction(async (tx) => {
      await tx
        .insert(coaSettings)
        .values({ instituteId: auth.instituteId, ...body })
        .onConflictDoUpdate({ target: coaSettings.instituteId, set: body })
      await audit(c, tx, {
        area: 'accounting',
        action: 'update',
        entity: 'coa_config',
        entityId: auth.instituteId,
        before,
        after: body,
      })
    })
    return c.json<CoaConfig>(body)
  })
