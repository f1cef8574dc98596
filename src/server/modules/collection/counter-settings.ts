import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  CounterSettingsSchema,
  defaultCounterSettings,
  type CounterSettings,
} from '../../../shared/schemas/counter-settings.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { counterSettings } from '../../db/schema/collection.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { readJson } from '../../lib/validate.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** The institute's counter settings, the defaults until it saves some. */
export async function counterSettingsOf(db: Db, instituteId: string): Promise<CounterSettings> {
  const [row] = await db
    .select({
      mobileProviders: counterSettings.mobileProviders,
      receiptCopies: counterSettings.receiptCopies,
    })
    .from(counterSettings)
    .where(eq(counterSettings.instituteId, instituteId))
  return row ?? defaultCounterSettings
}

async function saveCounterSettings(
  db: Db,
  instituteId: string,
  settings: CounterSettings,
  updatedBy: string | null,
) {
  const values = { ...settings, updatedBy, updatedAt: new Date() }
  await db
    .insert(counterSettings)
    .values({ instituteId, ...values })
    .onConflictDoUpdate({ target: counterSettings.instituteId, set: values })
}

/**
 * /api/collection/counter-settings: read by whoever works the counter (payment-collection),
 * changed with the collection's policy (advance-override update), audited.
 */
export const counterSettingsRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: CounterSettingsSchema }))
  .get('/', requireAuth(), requirePermission('read', 'payment-collection'), async (c) =>
    c.json(await counterSettingsOf(c.var.database.db, c.var.auth.instituteId)),
  )

  .put('/', documented({ answers: CounterSettingsSchema, body: CounterSettingsSchema }))
  .put('/', requireAuth(), requirePermission('update', 'advance-override'), async (c) => {
    const body = await readJson(c, CounterSettingsSchema)
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const before = await counterSettingsOf(tx, auth.instituteId)
      await saveCounterSettings(tx, auth.instituteId, body, auth.user.id)
      await audit(c, tx, {
        area: 'collection',
        action: 'update',
        entity: 'counter_settings',
        entityId: auth.instituteId,
        before,
        after: body,
      })
    })
    return c.json(await counterSettingsOf(database.db, auth.instituteId))
  })
