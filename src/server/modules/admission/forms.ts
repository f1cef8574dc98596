import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'

/** Admission forms of the institute (staff, permission `admission`). */
export const admissionFormRoutes = new Hono<AppEnv>()
