import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Health } from '../../../shared/schemas/system.ts'
import type { AppEnv } from '../../app-env.ts'

/** Liveness and readiness in one: 200 when the database answers, 503 when it does not. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
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
