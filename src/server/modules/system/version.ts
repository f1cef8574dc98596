import { Hono } from 'hono'
import type { Version } from '../../../shared/schemas/system.ts'
import type { AppEnv } from '../../app-env.ts'

export const versionRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { appName, version } = c.var.config
  return c.json<Version>({ name: appName, version })
})
