import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { Hono } from 'hono'
import {
  AuditQuerySchema,
  AuditListSchema,
  AuditFacetsSchema,
} from '../../../shared/schemas/access.ts'
import type { AppEnv } from '../../app-env.ts'
import { auditLog } from '../../db/schema/access.ts'
import { users } from '../../db/schema/auth.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { containing } from '../../lib/like.ts'
import { readQuery } from '../../lib/validate.ts'
import { documented } from '../../lib/openapi/documented.ts'

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

/** The institute's audit log (§2 /audits): newest first, filtered and paged. */
export const auditRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: AuditListSchema, query: AuditQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'audits'), async (c) => {
    const query = readQuery(c, AuditQuerySchema)
    const { database, auth } = c.var
    const conditions: SQL[] = [eq(auditLog.instituteId, auth.instituteId)]
    if (query.userId) {
      conditions.push(
        or(eq(auditLog.userId, query.userId), eq(auditLog.impersonatorId, query.userId))!,
      )
    }
    if (query.area) conditions.push(eq(auditLog.area, query.area))
    if (query.action) conditions.push(eq(auditLog.action, query.action))
    if (query.from || query.to) {
      const [institute] = await database.db
        .select({ timezone: institutes.timezone })
        .from(institutes)
        .where(eq(institutes.id, auth.instituteId))
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
    const rows = await database.db
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
    const [count] = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where)
    return c.json({
      data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      total: count?.total ?? 0,
      page: query.page,
      perPage: query.perPage,
    })
  })

  .get('/facets', documented({ answers: AuditFacetsSchema }))
  .get('/facets', requireAuth(), requirePermission('read', 'audits'), async (c) => {
    const { database, auth } = c.var
    const inInstitute = eq(auditLog.instituteId, auth.instituteId)
    const people = await database.db
      .selectDistinct({ id: users.id, username: users.username, fullName: users.fullName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.userId))
      .where(inInstitute)
      .orderBy(users.username)
    const actions = await database.db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .where(inInstitute)
      .orderBy(auditLog.action)
    return c.json({ users: people, actions: actions.map((a) => a.action) })
  })
