import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiError } from '../shared/schemas/api-error.ts'
import type { AppEnv } from './app-env.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { ApiException } from './lib/errors.ts'
import { createLogger, type Logger } from './lib/logger.ts'
import { securityHeaders } from './lib/security-headers.ts'
import { serveBuiltClient } from './lib/static-files.ts'
import { clientErrorRoutes } from './modules/system/client-errors.ts'
import { healthRoutes } from './modules/system/health.ts'
import { versionRoutes } from './modules/system/version.ts'

export interface AppDeps {
  db: Database
  config: Config
  log?: Logger
}

/** The whole HTTP surface: the API under /api and, when built, the PWA from the same origin. */
export function createApp({ db, config, log = createLogger(config.logLevel) }: AppDeps) {
  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('config', config)
    c.set('database', db)
    c.set('log', log)
    await next()
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.use(securityHeaders())

  const api = new Hono<AppEnv>()
  api.use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  api.use(
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: (c) =>
        c.json<ApiError>({ message: 'Request body too large', code: 'payload_too_large' }, 413),
    }),
  )
  api.route('/health', healthRoutes)
  api.route('/version', versionRoutes)
  api.route('/client-errors', clientErrorRoutes())
  api.all('*', (c) => c.json<ApiError>({ message: 'Not found', code: 'not_found' }, 404))
  app.route('/api', api)

  if (config.staticDir) app.use(serveBuiltClient(config.staticDir))
  app.notFound((c) => c.json<ApiError>({ message: 'Not found', code: 'not_found' }, 404))

  app.onError((err, c) => {
    if (err instanceof ApiException) {
      const { errors, code, headers } = err.extra
      for (const [k, v] of Object.entries(headers ?? {})) c.header(k, v)
      return c.json<ApiError>(
        { message: err.message, ...(errors && { errors }), ...(code && { code }) },
        err.status,
      )
    }
    const status = (err as { status?: number }).status
    if (status && status >= 400 && status < 500) {
      // Hono's own HTTP errors (e.g. a body over the size limit) carry a safe status.
      return c.json<ApiError>({ message: err.message }, status as ContentfulStatusCode)
    }
    log.error('unhandled error', { path: c.req.path, err: err.stack ?? String(err) })
    return c.json<ApiError>({ message: 'Something went wrong on our side', code: 'internal' }, 500)
  })

  return app
}

export type App = ReturnType<typeof createApp>
