import type { Area } from '../../lib/area.ts'
import type { ApiSurface } from '../../lib/endpoints.ts'
import { clientErrorRoutes } from './client-errors.ts'
import { healthRoutes, readyRoutes } from './health.ts'
import { jobRoutes } from './jobs.ts'
import { openApiRoutes } from './openapi.ts'
import { versionRoutes } from './version.ts'

/**
 * A factory: the crash reports' rate limit is each app's own, and the OpenAPI document describes
 * the app it is given.
 */
export const systemArea = (surface: () => ApiSurface): Area => ({
  name: 'system',
  mounts: [
    { path: '/health', routes: healthRoutes, beforeSigningKey: true },
    { path: '/ready', routes: readyRoutes, beforeSigningKey: true },
    { path: '/version', routes: versionRoutes, beforeSigningKey: true },
    { path: '/client-errors', routes: clientErrorRoutes(), beforeSigningKey: true },
    { path: '/', routes: openApiRoutes(surface), beforeSigningKey: true },
    { path: '/jobs', routes: jobRoutes },
  ],
  publicEndpoints: [
    'GET /api/health',
    'GET /api/ready',
    'GET /api/version',
    'POST /api/client-errors',
    // The API's description and its reference page, for integrators.
    'GET /api/openapi.json',
    'GET /api/reference',
    'GET /api/reference/:file',
  ],
})
