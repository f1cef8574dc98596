import type { Context, MiddlewareHandler } from 'hono'
import { tooManyRequests } from './errors.ts'
import { clientIp } from './request-info.ts'

/** At most `limit` in each window of `windowMs`. */
export interface RateWindow {
  limit: number
  windowMs: number
}

/**
 * A fixed-window limit per key (the client's IP by default), kept in memory: enough for one
 * process; several API processes would move the counters to PostgreSQL.
 */
export function rateLimit(
  opts: RateWindow & {
    key?: (c: Context) => string
    now?: () => number
  },
): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>()
  const now = opts.now ?? Date.now
  const keyOf = opts.key ?? clientIp
  return async (c, next) => {
    const t = now()
    const key = keyOf(c)
    let w = windows.get(key)
    if (!w || t - w.start >= opts.windowMs) {
      if (windows.size > 10_000) windows.clear()
      w = { start: t, count: 0 }
      windows.set(key, w)
    }
    w.count++
    if (w.count > opts.limit) {
      throw tooManyRequests(Math.ceil((w.start + opts.windowMs - t) / 1000))
    }
    await next()
  }
}
