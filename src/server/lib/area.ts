import type { Hono, MiddlewareHandler } from 'hono'
import type { ErrorCode } from '../../shared/errors/catalogue.ts'
import type { ErrorValues } from '../../shared/schemas/api-error.ts'
import type { AppEnv, Services } from '../app-env.ts'
import type { JobRunner } from './jobs/runner.ts'
import type { FileStorage } from './storage.ts'

/*
 * A server area (src/server/modules/<area>) as one unit: its manifest (`<area>/index.ts`) says
 * everything the app needs to serve it, and src/server/areas.ts lists the manifests. Adding an
 * area adds its folders and one line to that list; nothing in the app names an area's parts.
 */

/** A sub-app mounted under /api at `path`. */
export interface Mount {
  path: string
  routes: Hono<AppEnv>
  /**
   * Answers without any token (health, readiness), so it is served before the token signing key
   * has loaded; every other mount waits for the key.
   */
  beforeSigningKey?: true
}

/** Endpoints allowed a larger body than the API's JSON limit, with their own 413 refusal. */
export interface BodyLimit {
  method: 'POST' | 'PUT'
  /** The request's path, /api included. */
  path: RegExp
  maxBytes: number
  /** The 413's code (and values) when a body is larger. */
  code: ErrorCode
  values?: ErrorValues
}

export interface Area {
  /** The module's folder name. */
  name: string
  /**
   * Mounted in this order: where a fixed path would also match an earlier mount's parameter
   * (`/students/imports` and `/students/:studentId`), the fixed one goes first.
   */
  mounts: readonly Mount[]
  /**
   * Registers the area's background job kinds on the app's runner (with the file store, for
   * jobs writing files, and the app's services, for jobs that talk to the outside).
   */
  jobKinds?: (jobs: JobRunner, files: FileStorage, services: Services) => void
  bodyLimits?: readonly BodyLimit[]
  /**
   * The area's endpoints a caller without an access token may use (`METHOD /api/path`). Every
   * other endpoint must be guarded by `requireAuth` (the app refuses to start otherwise) and,
   * unless it serves the caller's own session under /api/auth, by a permission.
   */
  publicEndpoints?: readonly string[]
  /**
   * The subjects the area's idempotent requests name in an `idempotency_conflict` (see
   * lib/idempotency.ts); the client's message for that code has a sentence for each.
   */
  idempotencySubjects?: readonly string[]
  /** Middleware over the app's pages (outside /api), ahead of the built client. */
  pages?: readonly MiddlewareHandler<AppEnv>[]
  /** Adds the area's hooks to hook points of the areas it builds on, as the app is composed. */
  hooks?: () => void
}

/** The app's areas, put together: what the HTTP shell serves, limits and guards. */
interface ComposedAreas {
  publicEndpoints: ReadonlySet<string>
  idempotencySubjects: ReadonlySet<string>
  bodyLimits: readonly BodyLimit[]
  pages: readonly MiddlewareHandler<AppEnv>[]
  /** Mounts every area's sub-apps on `api`, those after the signing key behind `keyLoaded`. */
  mount(api: Hono<AppEnv>, keyLoaded: MiddlewareHandler<AppEnv>): void
}

/** Registers the areas' job kinds and hooks, and answers what the app serves of them. */
export function composeAreas(areas: readonly Area[], services: Services): ComposedAreas {
  const names = areas.map((a) => a.name)
  const twice = names.find((name, i) => names.indexOf(name) !== i)
  if (twice) throw new Error(`area ${twice} is listed twice`)
  const publicEndpoints = new Set<string>()
  for (const endpoint of areas.flatMap((a) => a.publicEndpoints ?? [])) {
    if (publicEndpoints.has(endpoint)) throw new Error(`${endpoint} is declared public twice`)
    publicEndpoints.add(endpoint)
  }
  for (const area of areas) {
    area.jobKinds?.(services.jobs, services.files, services)
    area.hooks?.()
  }
  const mounts = areas.flatMap((a) => a.mounts)
  return {
    publicEndpoints,
    idempotencySubjects: new Set(areas.flatMap((a) => a.idempotencySubjects ?? [])),
    bodyLimits: areas.flatMap((a) => a.bodyLimits ?? []),
    pages: areas.flatMap((a) => a.pages ?? []),
    mount(api, keyLoaded) {
      for (const m of mounts) if (m.beforeSigningKey) api.route(m.path, m.routes)
      api.use('*', keyLoaded)
      for (const m of mounts) if (!m.beforeSigningKey) api.route(m.path, m.routes)
    },
  }
}
