import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiError } from '../shared/schemas/api-error.ts'
import type { AppEnv, Services } from './app-env.ts'
import { areas, type AreaOptions } from './areas.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { composeAreas, type BodyLimit } from './lib/area.ts'
import { guards } from './lib/auth.ts'
import { Counters } from './lib/counters.ts'
import { endpointsOf, selfServicePrefix, type RouteLike } from './lib/endpoints.ts'
import { ApiException, databaseRefusal, Moved, notFound, refusalBody } from './lib/errors.ts'
import { JobRunner, type RunnerOptions } from './lib/jobs/runner.ts'
import { createLogger, errorDetail, type Logger } from './lib/logger.ts'
import { OutboxDispatcher, transportsFor, type Transport, type Channel } from './lib/outbox.ts'
import { setPasswordHashCost } from './lib/password.ts'
import { publicPages } from './lib/public-pages.ts'
import { securityHeaders } from './lib/security-headers.ts'
import { serveBuiltClient } from './lib/static-files.ts'
import { storageFor, type FileStorage } from './lib/storage.ts'
import { secretBoxFor } from './lib/secret-box.ts'
import { FailureThrottle } from './lib/throttle.ts'
import { SignInThrottle } from './modules/auth/sign-in-throttle.ts'
import { loadSigningKey, TokenService } from './modules/auth/token-service.ts'

interface AppDeps extends AreaOptions {
  db: Database
  config: Config
  log?: Logger
  /** Where messages go; by default SMTP/HTTP when configured, else the console. */
  transports?: Record<Channel, Transport>
  /** Where uploads go; by default a folder under DATA_DIR. */
  files?: FileStorage
  /** The job runner's lease, poll and backoff; tests pass their own. */
  jobs?: RunnerOptions
  /** Where the sandbox gateway's notifications go; by default an HTTP POST. */
  sandboxDelivery?: Services['sandboxDelivery']
}

/** The whole HTTP surface: the API under /api and, when built, the PWA from the same origin. */
export function createApp({
  db,
  config,
  log = createLogger(config.logLevel),
  transports = transportsFor(config),
  files = storageFor(config.dataDir),
  jobs,
  sandboxDelivery = postForm,
  ...options
}: AppDeps) {
  setPasswordHashCost(config.passwordHashCost)
  const app = new Hono<AppEnv>()
  const counters = new Counters(db.db)
  const services: Services = {
    tokens: new TokenService(() => loadSigningKey(db.db, config.jwtSecret)),
    outbox: new OutboxDispatcher(db.db, transports, log),
    counters,
    lifecycle: { stopping: false },
    throttle: new FailureThrottle(counters, 15 * 60_000),
    signIns: new SignInThrottle(counters),
    files,
    jobs: new JobRunner(db.db, log, jobs),
    log,
    secrets: once(() => secretBoxFor(config)),
    sandboxDelivery,
  }
  const composed = composeAreas(
    areas(options, () => ({
      routes: app.routes,
      publicEndpoints: composed.publicEndpoints,
      version: config.version,
    })),
    services,
  )

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('config', config)
    c.set('database', db)
    c.set('log', log)
    c.set('services', services)
    await next()
    log.info('request', {
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.use(securityHeaders())

  const api = new Hono<AppEnv>()
  api.use(async (c, next) => {
    await next()
    // A route may allow caching (the public logo, whose address changes with it).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })
  api.use(bodyLimits(composed.bodyLimits))
  // Routes that verify tokens wait until the signing key is loaded, before any transaction.
  composed.mount(api, async (_c, next) => {
    await services.tokens.ready()
    await next()
  })
  api.all('*', (c) => c.json<ApiError>(refusalBody(notFound()), 404))
  app.route('/api', api)

  for (const pages of composed.pages) app.use(pages)
  if (config.staticDir) {
    app.use(publicPages(app, config.staticDir))
    app.use(serveBuiltClient(config.staticDir))
  }
  app.notFound((c) => c.json<ApiError>(refusalBody(notFound()), 404))

  app.onError((err, c) => {
    if (err instanceof Moved) return c.redirect(err.location, err.status)
    const refusal = err instanceof ApiException ? err : databaseRefusal(err)
    if (refusal) {
      for (const [k, v] of Object.entries(refusal.extra.headers ?? {})) c.header(k, v)
      return c.json<ApiError>(refusalBody(refusal), refusal.status)
    }
    const status = (err as { status?: number }).status
    if (status && status >= 400 && status < 500) {
      // Hono's own HTTP errors (e.g. a body over the size limit) carry a safe status.
      return c.json<ApiError>({ message: err.message }, status as ContentfulStatusCode)
    }
    log.error('unhandled error', { path: loggedPath(c.req.path), err: errorDetail(err) })
    return c.json<ApiError>(refusalBody(new ApiException(500, 'internal')), 500)
  })

  assertEveryEndpointGuarded(app.routes, composed.publicEndpoints)
  return Object.assign(app, { services, publicEndpoints: composed.publicEndpoints })
}

/**
 * An applicant's tracking id opens their application, a receipt's code its verification: they
 * never go into the logs.
 */
const loggedPath = (path: string) =>
  path
    .replace(/(\/applications\/)[^/]+/, '$1[temporaryId]')
    .replace(/^(\/receipt\/verify\/|\/api\/collection\/public\/receipts\/)[^/]+/, '$1[code]')

/** An endpoint that forgot its guard stops the app from starting instead of opening a hole. */
function assertEveryEndpointGuarded(
  routes: readonly RouteLike[],
  publicEndpoints: ReadonlySet<string>,
) {
  for (const [endpoint, handlers] of endpointsOf(routes)) {
    if (publicEndpoints.has(endpoint)) continue
    const declared = handlers.flatMap((h) => guards.get(h) ?? [])
    const signedIn = declared.some((g) => g.kind === 'signedIn')
    const permitted = declared.some((g) => g.kind !== 'signedIn')
    const selfService = endpoint.split(' ')[1]!.startsWith(selfServicePrefix)
    if (!signedIn || !(permitted || selfService)) {
      throw new Error(`${endpoint} is neither public nor guarded by a permission`)
    }
  }
}

/**
 * A JSON body is limited to 1 MiB; an area allows some endpoints more (uploads, imports), with
 * its own 413. The rest of the body is left unread, so the connection cannot carry another
 * request: saying so lets a keep-alive client open a new one instead of failing on this one.
 */
function bodyLimits(limits: readonly BodyLimit[]): MiddlewareHandler<AppEnv> {
  const refused = (refusal: ApiException) => (c: Context) =>
    c.json<ApiError>(refusalBody(refusal), 413, { Connection: 'close' })
  const json = bodyLimit({
    maxSize: 1024 * 1024,
    onError: refused(new ApiException(413, 'payload_too_large')),
  })
  const larger = limits.map((limit) => ({
    ...limit,
    check: bodyLimit({
      maxSize: limit.maxBytes,
      onError: refused(new ApiException(413, limit.code, limit.values)),
    }),
  }))
  return (c, next) => {
    const limit = larger.find((l) => l.method === c.req.method && l.path.test(c.req.path))
    return (limit?.check ?? json)(c, next)
  }
}

/** A form POSTed to a URL: any answer but a 2xx is a failure (the sender retries). */
async function postForm(url: string, form: URLSearchParams) {
  const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) })
  await res.body?.cancel()
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
}

/** The first call's promise, kept: a failure is tried again on the next call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () =>
    (made ??= make().catch((e: unknown) => {
      made = undefined
      throw e
    }))
}
