import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/**
 * Strict headers for every response: no inline scripts, no framing, no MIME sniffing. A route
 * may send a stricter policy of its own (a file served to look at), which is kept.
 */
export const securityHeaders = (): MiddlewareHandler => {
  const strict = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // A PDF attachment is previewed from a Blob URL in the browser's own viewer.
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    strictTransportSecurity: false,
    overwrite: false,
  })
  return async (c, next) => {
    await strict(c, next)
    // HSTS only over HTTPS (RFC 6797 §7.2). The request's own scheme decides: X-Forwarded-Proto
    // is not trusted, as no proxy is configured as trusted.
    if (new URL(c.req.url).protocol === 'https:') {
      c.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains')
    }
  }
}
