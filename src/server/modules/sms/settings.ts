import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  SmsSettingsInputSchema,
  SmsSettingsSchema,
  type SmsSettings,
} from '../../../shared/schemas/sms.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { smsSettings } from '../../db/schema/sms.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { validationFailed } from '../../lib/errors.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { isPhoneCountry, phoneCountries } from '../../lib/phone-numbers.ts'
import { readJson } from '../../lib/validate.ts'

/** The country the institute's numbers are read in: its setting, Bangladesh until it is set. */
export async function smsCountry(db: Db, instituteId: string): Promise<string> {
  const [row] = await db
    .select({ country: smsSettings.country })
    .from(smsSettings)
    .where(eq(smsSettings.instituteId, instituteId))
  return row?.country ?? 'BD'
}

const shown = (country: string): SmsSettings => ({ country, countries: [...phoneCountries] })

/** /api/sms/settings (permission sms-notification): how the institute's messages go out. */
export const settingsRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: SmsSettingsSchema }))
  .get('/', requireAuth(), requirePermission('read', 'sms-notification'), async (c) =>
    c.json(shown(await smsCountry(c.var.database.db, c.var.auth.instituteId))),
  )

  .put('/', documented({ answers: SmsSettingsSchema, body: SmsSettingsInputSchema }))
  .put('/', requireAuth(), requirePermission('update', 'sms-notification'), async (c) => {
    const { country } = await readJson(c, SmsSettingsInputSchema)
    if (!isPhoneCountry(country)) throw validationFailed({ country: 'sms_country_unknown' })
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const before = await smsCountry(tx, auth.instituteId)
      await tx
        .insert(smsSettings)
        .values({ instituteId: auth.instituteId, country })
        .onConflictDoUpdate({
          target: smsSettings.instituteId,
          set: { country, updatedAt: sql`now()` },
        })
      await audit(c, tx, {
        area: 'sms',
        action: 'update',
        entity: 'sms_settings',
        entityId: auth.instituteId,
        before: { country: before },
        after: { country },
      })
    })
    return c.json(shown(country))
  })
