import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { InstituteOption, PlatformInstitute } from '../../../shared/schemas/platform.ts'
import type { InstituteListSearch } from '../../../shared/schemas/platform-queries.ts'
import { logoOf } from '../../../shared/schemas/institutes.ts'
import type { Db } from '../../db/client.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { containing } from '../../lib/like.ts'
import { isUuid } from '../../lib/ids.ts'

// Written out in full, since the query builder leaves single-table column names unqualified.
const userCount = sql<number>`(select count(*)::int from users u
  where u.institute_id = "institutes"."id")`

const columns = {
  id: institutes.id,
  slug: institutes.slug,
  name: institutes.name,
  currency: institutes.currency,
  timezone: institutes.timezone,
  status: institutes.status,
  suspendedAt: institutes.suspendedAt,
  suspensionReason: institutes.suspensionReason,
  users: userCount,
  createdAt: institutes.createdAt,
}

type Row = Pick<typeof institutes.$inferSelect, Exclude<keyof typeof columns, 'users'>> & {
  users: number
}

const shown = (row: Row): PlatformInstitute => ({
  ...row,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

const sortColumns = {
  name: sql`lower(${institutes.name})`,
  slug: institutes.slug,
  status: institutes.status,
  users: userCount,
  createdAt: institutes.createdAt,
}

/** One page of the platform's institutes, with how many users each has. */
export async function listInstitutes(db: Db, query: InstituteListSearch) {
  const conditions: SQL[] = []
  if (query.q) {
    const like = containing(query.q)
    conditions.push(or(ilike(institutes.name, like), ilike(institutes.slug, like))!)
  }
  if (query.status) conditions.push(eq(institutes.status, query.status))
  const where = and(...conditions)
  const sortBy = sortColumns[query.sortBy ?? 'name']
  const rows = await db
    .select(columns)
    .from(institutes)
    .where(where)
    .orderBy(query.sortDesc ? desc(sortBy) : asc(sortBy), asc(institutes.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(institutes)
    .where(where)
  return { data: rows.map(shown), total: count?.total ?? 0 }
}

/** One institute, or undefined (also for a malformed id). */
export async function findInstitute(db: Db, id: string): Promise<PlatformInstitute | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await db.select(columns).from(institutes).where(eq(institutes.id, id))
  return row && shown(row)
}

/** Every institute by name, for the top bar's picker, with what screens show of it. */
export async function instituteOptions(db: Db): Promise<InstituteOption[]> {
  const rows = await db
    .select()
    .from(institutes)
    .orderBy(asc(sql`lower(${institutes.name})`), asc(institutes.id))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    currency: row.currency,
    currencyDigits: row.currencyDigits,
    timezone: row.timezone,
    shortName: row.shortName,
    logo: logoOf(row),
  }))
}
