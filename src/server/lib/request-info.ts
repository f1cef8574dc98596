import type { Context } from 'hono'

export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/** Who sent a request, as the audit log records it. */
export function requestInfo(c: Context) {
  return { ip: clientIp(c), userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null }
}
