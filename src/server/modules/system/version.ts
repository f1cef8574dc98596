import { Hono } from 'hono'
import { VersionSchema, type Version } from '../../../shared/schemas/system.ts'
import type { AppEnv } from '../../app-env.ts'
import { documented } from '../../lib/openapi/documented.ts'

export const versionRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: VersionSchema }))
  .get('/', (c) => {
    const { appName, version } = c.var.config
    return c.json<Version>({ name: appName, version })
  })
