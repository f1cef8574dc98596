import type { Context } from 'hono'
import type { Config } from '../config.ts'

/**
 * The client's address: the connection's, or behind `trustProxy` proxies the one the outermost
 * of them saw (each appends its peer to X-Forwarded-For; what comes before is the client's say).
 */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  const peer = env?.incoming?.socket?.remoteAddress ?? 'unknown'
  const hops = (c.var as { config?: Config }).config?.trustProxy ?? 0
  if (!hops) return peer
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  return forwarded.length >= hops ? forwarded[forwarded.length - hops]! : peer
}

/** Who sent a request, as the audit log records it. */
export function requestInfo(c: Context) {
  return { ip: clientIp(c), userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null }
}
