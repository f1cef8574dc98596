// What the institute's settings and its public pages read of it.
import { and, eq, ne } from 'drizzle-orm'
import {
  logoOf,
  reservedSlugs,
  type InstituteSettings,
} from '../../../shared/schemas/institutes.ts'
import type { Db } from '../../db/client.ts'
import { vouchers } from '../../db/schema/accounting.ts'
import { instituteSlugs, institutes } from '../../db/schema/institutes.ts'
import { conflict } from '../../lib/errors.ts'

type InstituteRow = typeof institutes.$inferSelect

export async function instituteRow(db: Db, instituteId: string, lock?: 'update') {
  const query = db.select().from(institutes).where(eq(institutes.id, instituteId))
  const [row] = await (lock ? query.for(lock) : query)
  if (!row) throw new Error(`institute ${instituteId} is missing`)
  return row
}

/** True once the institute has a voucher: its amounts are in the institute's currency. */
export async function hasVouchers(db: Db, instituteId: string) {
  const [any] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(eq(vouchers.instituteId, instituteId))
    .limit(1)
  return any !== undefined
}

export const settingsOf = (row: InstituteRow, currencyLocked: boolean): InstituteSettings => ({
  id: row.id,
  name: row.name,
  shortName: row.shortName,
  slug: row.slug,
  address: row.address,
  phone: row.phone,
  email: row.email,
  currency: row.currency,
  currencyDigits: row.currencyDigits,
  timezone: row.timezone,
  locale: row.locale as InstituteSettings['locale'],
  logo: logoOf(row),
  currencyLocked,
})

/**
 * 409 naming `slug` when no institute may take it: a reserved word, or a slug another
 * institute holds, as its current one or one it had before (old links to that institute
 * still answer with it). `instituteId` is the institute asking, if it exists already.
 */
export async function assertSlugFree(db: Db, slug: string, instituteId?: string) {
  const refuse = (code: 'slug_reserved' | 'slug_taken') =>
    conflict(code, { fields: { slug: code } })
  if (reservedSlugs.has(slug)) throw refuse('slug_reserved')
  const [current] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(and(eq(institutes.slug, slug), instituteId ? ne(institutes.id, instituteId) : undefined))
  const [old] = current
    ? [current]
    : await db
        .select({ id: instituteSlugs.instituteId })
        .from(instituteSlugs)
        .where(
          and(
            eq(instituteSlugs.slug, slug),
            instituteId ? ne(instituteSlugs.instituteId, instituteId) : undefined,
          ),
        )
  if (old) throw refuse('slug_taken')
}

/** The current slug of the institute that had `slug` before, if any did. */
export async function currentSlugFor(db: Db, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: institutes.slug })
    .from(instituteSlugs)
    .innerJoin(institutes, eq(institutes.id, instituteSlugs.instituteId))
    .where(eq(instituteSlugs.slug, slug))
  return row?.slug
}
