import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { Counters } from './counters.ts'
import { tooManyRequests } from './errors.ts'
import { clientIp } from './request-info.ts'

/** At most `limit` in each window of `windowMs`. */
export interface RateWindow {
  limit: number
  windowMs: number
}

/**
 * A fixed-window limit per key (the client's IP by default) under `name`, counted in the
 * database (Counters): every API process on it shares the limit.
 */
export function rateLimit(
  opts: RateWindow & {
    name: string
    key?: (c: Context<AppEnv>) => string
    now?: () => number
  },
): MiddlewareHandler<AppEnv> {
  const keyOf = opts.key ?? ((c: Context<AppEnv>) => clientIp(c))
  // Found per request, never kept from the first: a route module is loaded once per process
  // and may serve several apps, each on its own database (the API tests' files, one worker).
  const ownClock = new WeakMap<object, Counters>()
  const countersOf = (c: Context<AppEnv>): Counters => {
    if (!opts.now) return c.var.services.counters
    const db = c.var.database.db
    const counters = ownClock.get(db) ?? new Counters(db, opts.now)
    ownClock.set(db, counters)
    return counters
  }
  return async (c, next) => {
    const counters = countersOf(c)
    const key = `rate:${opts.name}:${keyOf(c)}`
    const count = (await counters.add([key], opts.windowMs)).get(key)!
    if (count.count > opts.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((count.endsAt - counters.now()) / 1000)))
    }
    await next()
  }
}
