/**
 * The pages the server renders for a first visit and the service worker handles apart from the
 * staff app: /admission/<institute>[/<form>[/temporaryId/<id>]], /login and
 * /receipt/verify/<code> (src/public-app).
 */
export const publicPagePath =
  /^\/(admission\/[^/]+(\/[^/]+(\/temporaryId\/[^/]+)?)?|login|receipt\/verify\/[^/]+)\/?$/

/**
 * Public pages of which the service worker keeps no copy: a receipt's verification says what
 * the server says now, never what it said on an earlier visit (a receipt cancelled since).
 */
export const unkeptPublicPagePath = /^\/receipt\/verify\//

/** The public page that verifies a receipt by the code printed on it (its QR code holds it). */
export const receiptVerificationPath = (code: string) => `/receipt/verify/${code}`

/** The message a page sends its service worker to keep a copy of a page it navigated to. */
export const keepPublicPageMessage = 'KEEP_PUBLIC_PAGE'
