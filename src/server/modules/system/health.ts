import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  HealthSchema,
  ReadinessSchema,
  type Health,
  type Readiness,
} from '../../../shared/schemas/system.ts'
import type { AppEnv } from '../../app-env.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** Liveness, with the database's state: 200 when it answers, 503 when it does not. */
export const healthRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: HealthSchema }))
  .get('/', async (c) => {
    const { database, log } = c.var
    try {
      await database.db.execute(sql`select 1`)
      return c.json<Health>({ status: 'ok', database: 'ok', databaseKind: database.kind })
    } catch (err) {
      log.error('health check failed', { err: String(err) })
      return c.json<Health>(
        { status: 'unavailable', database: 'unavailable', databaseKind: database.kind },
        503,
      )
    }
  })

/**
 * Readiness, for a load balancer: 200 when the database answers with this release's migrations
 * applied and the process is not stopping; 503 otherwise, so traffic goes elsewhere.
 */
export const readyRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: ReadinessSchema }))
  .get('/', async (c) => {
    const { database, services, log } = c.var
    let pending: number | undefined
    try {
      pending = await database.pendingMigrations()
    } catch (err) {
      log.error('readiness check failed', { err: String(err) })
    }
    const body: Readiness = {
      status: pending === 0 && !services.lifecycle.stopping ? 'ready' : 'not_ready',
      database: pending === undefined ? 'unavailable' : 'ok',
      migrations: pending === undefined ? 'unknown' : pending === 0 ? 'current' : 'behind',
      stopping: services.lifecycle.stopping,
    }
    return c.json(body, body.status === 'ready' ? 200 : 503)
  })
