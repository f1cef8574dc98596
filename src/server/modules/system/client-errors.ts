import { Hono } from 'hono'
import { ClientErrorReportSchema } from '../../../shared/schemas/system.ts'
import type { AppEnv } from '../../app-env.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { readJson } from '../../lib/validate.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * The client's error boundary reports crashes here so they show up in the server's log.
 * A factory, so each app keeps its own rate-limit counters.
 */
export const clientErrorRoutes = () =>
  new Hono<AppEnv>()
    .post('/', documented({ body: ClientErrorReportSchema, status: 204 }))
    .post('/', rateLimit({ name: 'client-errors', limit: 20, windowMs: 60_000 }), async (c) => {
      const report = await readJson(c, ClientErrorReportSchema)
      c.var.log.warn('client error', { report, userAgent: c.req.header('user-agent') })
      return c.body(null, 204)
    })
