import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'

/**
 * An address of this server as guardians, applicants and new admins reach it, for links sent
 * or printed: under PUBLIC_URL when it is set (the office may open the app at
 * http://localhost:3000, which no phone reaches), else where this request came.
 */
export const publicUrl = (c: Context<AppEnv>, path: string): string =>
  new URL(path, c.var.config.publicUrl ?? c.req.url).href
