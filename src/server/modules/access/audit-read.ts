import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type * as v from 'valibot'
import type { AuditQuerySchema } from '../../../shared/schemas/access-queries.ts'
import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema/access.ts'
import { users } from '../../db/schema/auth.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { containing } from '../../lib/like.ts'

const actor = alias(users, 'actor')
const impersonator = alias(users, 'impersonator')
const person = (u: { id: AnyPgColumn; username: AnyPgColumn; fullName: AnyPgColumn }) =>
  sql<{ id: string; username: string; fullName: string } | null>`case when ${u.id} is null
    then null else json_build_object('id', ${u.id}, 'username', ${u.username},
    'fullName', ${u.fullName}) end`

/** Midnight starting a YYYY-MM-DD day where the institute is (its days, not UTC's). */
const startOfDay = (date: string, timezone: string) =>
  sql`((${date}::date)::timestamp at time zone ${timezone})`
const startOfNextDay = (date: string, timezone: string) =>
  sql`((${date}::date + 1)::timestamp at time zone ${timezone})`

/** One page of the institute's audit rows (newest first unless asked), and how many match. */
export async function listAudits(
  db: Db,
  instituteId: string,
  query: v.InferOutput<typeof AuditQuerySchema>,
) {
  const conditions: SQL[] = [eq(auditLog.instituteId, instituteId)]
  if (query.userId) {
    conditions.push(
      or(eq(auditLog.userId, query.userId), eq(auditLog.impersonatorId, query.userId))!,
    )
  }
  if (query.area) conditions.push(eq(auditLog.area, query.area))
  if (query.action) conditions.push(eq(auditLog.action, query.action))
  if (query.from || query.to) {
    const [institute] = await db
      .select({ timezone: institutes.timezone })
      .from(institutes)
      .where(eq(institutes.id, instituteId))
    const timezone = institute?.timezone ?? 'UTC'
    if (query.from) conditions.push(gte(auditLog.createdAt, startOfDay(query.from, timezone)))
    if (query.to) conditions.push(lt(auditLog.createdAt, startOfNextDay(query.to, timezone)))
  }
  if (query.q) {
    const like = containing(query.q)
    conditions.push(
      or(
        ilike(auditLog.entity, like),
        ilike(auditLog.entityId, like),
        ilike(auditLog.action, like),
        sql`${auditLog.after}::text ilike ${like}`,
        sql`${auditLog.before}::text ilike ${like}`,
      )!,
    )
  }
  const where = and(...conditions)
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      area: auditLog.area,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      user: person(actor),
      impersonator: person(impersonator),
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.userId))
    .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorId))
    .where(where)
    .orderBy(query.sortDesc === false && query.sortBy ? auditLog.id : desc(auditLog.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where)
  return { rows, total: count?.total ?? 0 }
}

/** Who appears in the institute's audit log, and which actions: the filters' choices. */
export async function auditFacets(db: Db, instituteId: string) {
  const inInstitute = eq(auditLog.instituteId, instituteId)
  const people = await db
    .selectDistinct({ id: users.id, username: users.username, fullName: users.fullName })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.userId))
    .where(inInstitute)
    .orderBy(users.username)
  const actions = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(inInstitute)
    .orderBy(auditLog.action)
  return { people, actions }
}
