import type { Context, MiddlewareHandler } from 'hono'
import { publicPagePath } from '../../../shared/public-pages.ts'
import type { AppEnv } from '../../app-env.ts'
import { currentSlugFor } from './institute-read.ts'

/** The same address with the institute's current slug in the place of an old one. */
function movedTo(c: Context<AppEnv>, prefix: string, current: string) {
  const url = new URL(c.req.url)
  const rest = url.pathname.slice(prefix.length).replace(/^[^/]+/, '')
  return `${prefix}${current}${rest}${url.search}`
}

/**
 * Public pages at an institute's old slug (`/admission/<old>/…`) answer 301 with the page at
 * its current slug, so links printed or shared before a change keep working. Only an old slug
 * costs a read: a current one is never in `institute_slugs`.
 */
export const oldSlugPages = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
  const path = c.req.path
  if (!publicPagePath.test(path) || !path.startsWith('/admission/')) return next()
  // Slugs are plain lowercase ASCII: anything else is no old slug (and not decoded).
  const slug = path.split('/')[2] ?? ''
  if (!/^[a-z0-9-]+$/.test(slug)) return next()
  const current = await currentSlugFor(c.var.database.db, slug)
  if (!current || current === slug) return next()
  return c.redirect(movedTo(c, '/admission/', current), 301)
}

/**
 * The public admission API at an old slug answers 308 (same method and body) with its current
 * address; asked only once no institute has the slug as its current one.
 */
export async function oldSlugApiRedirect(c: Context<AppEnv>, slug: string) {
  const current = await currentSlugFor(c.var.database.db, slug)
  if (!current) return undefined
  return movedTo(c, '/api/admission/public/', current)
}
