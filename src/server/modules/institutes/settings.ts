import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { sniffType } from '../../../shared/file-type.ts'
import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import {
  currencyDigitsOf,
  InstituteSettingsInputSchema,
  maxLogoBytes,
  type InstituteSettings,
  InstituteSettingsSchema,
} from '../../../shared/schemas/institutes.ts'
import type { AppEnv } from '../../app-env.ts'
import { instituteSlugs, institutes } from '../../db/schema/institutes.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { ApiException, badRequest, conflict, validationFailed } from '../../lib/errors.ts'
import { readJson } from '../../lib/validate.ts'
import { assertSlugFree, hasVouchers, instituteRow, settingsOf } from './institute-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** 409 naming the field whose value clashes with what is stored. */
const clash = (field: string, code: ErrorCode) => conflict(code, { fields: { [field]: code } })

const fileRefused = (code: ErrorCode, values?: Record<string, number>) =>
  new ApiException(422, code, values, { fields: { file: [{ code, ...(values && { values }) }] } })

/** The logo as stored (see checkedLogo); sharp loads at the first logo, not at start. */
async function storedLogo(bytes: Uint8Array) {
  const type = sniffType(bytes)
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') {
    throw fileRefused('logo_type')
  }
  const { checkedLogo, FileRefused } = await import('../../lib/file-check.ts')
  try {
    return { type, ...(await checkedLogo(bytes, type)) }
  } catch (err) {
    if (!(err instanceof FileRefused)) throw err
    throw fileRefused(err.code)
  }
}

async function current(c: Context<AppEnv>): Promise<InstituteSettings> {
  const { database, auth } = c.var
  const row = await instituteRow(database.db, auth.instituteId)
  return settingsOf(row, await hasVouchers(database.db, auth.instituteId))
}

/**
 * /institute-settings: the institute's name, public address (slug), logo, contacts, currency,
 * time zone and default language. A changed slug keeps its old links answering (they redirect).
 */
export const instituteSettingsRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: InstituteSettingsSchema }))
  .get('/', requireAuth(), requirePermission('read', 'institute'), async (c) =>
    c.json<InstituteSettings>(await current(c)),
  )

  .put('/', documented({ answers: InstituteSettingsSchema, body: InstituteSettingsInputSchema }))
  .put('/', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const body = await readJson(c, InstituteSettingsInputSchema)
    const { database, auth } = c.var
    const saved = await database.db.transaction(async (tx) => {
      const row = await instituteRow(tx, auth.instituteId, 'update')
      const locked = await hasVouchers(tx, auth.instituteId)
      const before = settingsOf(row, locked)
      if (body.slug !== row.slug) {
        await assertSlugFree(tx, body.slug, auth.instituteId)
        // The old address keeps answering, with a redirect; taking back an old one of our own
        // makes it current again.
        await tx
          .insert(instituteSlugs)
          .values({ slug: row.slug, instituteId: row.id })
          .onConflictDoNothing()
        await tx
          .delete(instituteSlugs)
          .where(and(eq(instituteSlugs.slug, body.slug), eq(instituteSlugs.instituteId, row.id)))
      }
      const currencyChanged = body.currency !== row.currency
      // Amounts are minor units of the currency: changing it would change what they mean.
      if (currencyChanged && locked) throw clash('currency', 'currency_locked')
      const [updated] = await tx
        .update(institutes)
        .set({
          ...body,
          currencyDigits: currencyChanged ? currencyDigitsOf(body.currency) : row.currencyDigits,
        })
        .where(eq(institutes.id, row.id))
        .returning()
      const after = settingsOf(updated!, locked)
      await audit(c, tx, {
        area: 'institutes',
        action: 'update',
        entity: 'institute',
        entityId: row.id,
        before,
        after,
      })
      return after
    })
    return c.json<InstituteSettings>(saved)
  })

  .put(
    '/logo',
    documented({ answers: InstituteSettingsSchema, upload: 'application/octet-stream' }),
  )
  .put('/logo', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const { database, auth, services } = c.var
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'multipart/form-data') throw badRequest('upload_media_type')
    let parts: Record<string, string | File>
    try {
      parts = await c.req.parseBody()
    } catch {
      throw badRequest('malformed_body')
    }
    const file = parts.file
    if (!(file instanceof File)) throw validationFailed({ file: 'file_required' })
    if (file.size === 0) throw validationFailed({ file: 'file_empty' })
    if (file.size > maxLogoBytes) throw fileRefused('logo_too_large', { max: maxLogoBytes / 1e6 })
    const logo = await storedLogo(new Uint8Array(await file.arrayBuffer()))
    const key = `institutes/${auth.instituteId}/logo-${randomUUID()}`
    await services.files.put(key, logo.bytes)
    let replaced: string | null
    try {
      replaced = await database.db.transaction(async (tx) => {
        const row = await instituteRow(tx, auth.instituteId, 'update')
        const [updated] = await tx
          .update(institutes)
          .set({
            logoKey: key,
            logoType: logo.type,
            logoWidth: logo.width,
            logoHeight: logo.height,
          })
          .where(eq(institutes.id, row.id))
          .returning()
        await audit(c, tx, {
          area: 'institutes',
          action: 'update_logo',
          entity: 'institute',
          entityId: row.id,
          before: { logo: settingsOf(row, false).logo },
          after: { logo: settingsOf(updated!, false).logo, size: logo.bytes.length },
        })
        return row.logoKey
      })
    } catch (err) {
      await services.files.delete(key)
      throw err
    }
    if (replaced) await services.files.delete(replaced)
    return c.json<InstituteSettings>(await current(c))
  })

  .delete('/logo', documented({ answers: InstituteSettingsSchema }))
  .delete('/logo', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const { database, auth, services } = c.var
    const removed = await database.db.transaction(async (tx) => {
      const row = await instituteRow(tx, auth.instituteId, 'update')
      if (!row.logoKey) return null
      await tx
        .update(institutes)
        .set({ logoKey: null, logoType: null, logoWidth: null, logoHeight: null })
        .where(eq(institutes.id, row.id))
      await audit(c, tx, {
        area: 'institutes',
        action: 'remove_logo',
        entity: 'institute',
        entityId: row.id,
        before: { logo: settingsOf(row, false).logo },
        after: { logo: null },
      })
      return row.logoKey
    })
    if (removed) await services.files.delete(removed)
    return c.json<InstituteSettings>(await current(c))
  })
