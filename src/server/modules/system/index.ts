import type { Area } from '../../lib/area.ts'
import { clientErrorRoutes } from './client-errors.ts'
import { healthRoutes, readyRoutes } from './health.ts'
import { jobRoutes } from './jobs.ts'
import { versionRoutes } from './version.ts'

/** A factory: the crash reports' rate limit is each app's own. */
export const systemArea = (): Area => ({
  name: 'system',
  mounts: [
    { path: '/health', routes: healthRoutes, beforeSigningKey: true },
    { path: '/ready', routes: readyRoutes, beforeSigningKey: true },
    { path: '/version', routes: versionRoutes, beforeSigningKey: true },
    { path: '/client-errors', routes: clientErrorRoutes(), beforeSigningKey: true },
    { path: '/jobs', routes: jobRoutes },
  ],
  publicEndpoints: [
    'GET /api/health',
    'GET /api/ready',
    'GET /api/version',
    'POST /api/client-errors',
  ],
})
