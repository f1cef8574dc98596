import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'

/** Applications received (staff, permission `admission`): list, read, decide, enrol, export. */
export const applicantRoutes = new Hono<AppEnv>()
