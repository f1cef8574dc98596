import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { notFound } from '../../lib/errors.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { isUuid } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * The institute's logo, for anyone (the public admission pages show it): at an address that
 * names its version, so browsers keep it for a year and a new logo is a new address.
 */
export const publicLogoRoutes = new Hono<AppEnv>()
  .get('/:instituteId/:version', documented({ media: 'image/png' }))
  .get(
    '/:instituteId/:version',
    rateLimit({ name: 'logo', limit: 300, windowMs: 60_000 }),
    async (c) => {
      const { instituteId, version } = c.req.param()
      if (!isUuid(instituteId) || !/^logo-[0-9a-f-]{36}$/.test(version)) throw notFound()
      const [row] = await c.var.database.db
        .select({ key: institutes.logoKey, type: institutes.logoType })
        .from(institutes)
        .where(eq(institutes.id, instituteId))
      if (!row?.key || !row.type || row.key.split('/').pop() !== version) throw notFound()
      const bytes = await c.var.services.files.get(row.key)
      if (!bytes) throw notFound()
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': row.type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        // Only ever shown as an image: never a document of this origin.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      })
    },
  )
