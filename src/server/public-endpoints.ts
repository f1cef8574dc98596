/**
 * The only endpoints a caller without an access token may use. Every other endpoint must be
 * guarded by `requireAuth` (the app refuses to start otherwise) and, unless it serves the
 * caller's own session under /api/auth, by a permission.
 */
export const publicEndpoints: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/version',
  'POST /api/client-errors',
  'POST /api/auth/login',
  // Carries the refresh token instead of an access token (§4).
  'POST /api/auth/refresh-login',
  'GET /api/auth/register',
  'POST /api/auth/register',
  'POST /api/auth/forgot-username/send-username',
  'POST /api/auth/forgot/get-email-and-phone',
  'POST /api/auth/forgot/otp-send',
  'POST /api/auth/forgot/verify-otp',
  'POST /api/auth/forgot/password-reset',
  'POST /api/auth/forgot-password',
  'POST /api/auth/otp-verify',
  'POST /api/auth/email-resend-otp',
  'POST /api/auth/mobile-resend-otp',
  // Applicants (§2 admission): no account; rate limited per IP, changes need the phone or DOB.
  'GET /api/admission/public/:institute',
  'GET /api/admission/public/:institute/forms/:formId',
  'POST /api/admission/public/:institute/forms/:formId/applications',
  'GET /api/admission/public/:institute/applications/:temporaryId',
  'PUT /api/admission/public/:institute/applications/:temporaryId/attachments/:kind',
  // To the phone or email on the application only, a few an hour.
  'POST /api/admission/public/:institute/applications/:temporaryId/send-link',
  // A receipt's verification by the code printed on it (institute, number, day, amount,
  // status only); rate limited per IP.
  'GET /api/collection/public/receipts/:code',
  // The institute's logo, shown on its public pages; its address names its version.
  'GET /api/institutes/logo/:instituteId/:version',
])

/** Own-session endpoints: signed in is enough, for they only ever touch the caller. */
export const selfServicePrefix = '/api/auth/'

export interface RouteLike {
  method: string
  path: string
  handler: object
}

/** Each endpoint (method and path) once, with the handlers (middleware included) on its chain. */
export function endpointsOf(routes: readonly RouteLike[]): Map<string, object[]> {
  const endpoints = new Map<string, object[]>()
  for (const route of routes) {
    if (route.method === 'ALL') continue
    const key = `${route.method} ${route.path}`
    endpoints.set(key, [...(endpoints.get(key) ?? []), route.handler])
  }
  return endpoints
}
