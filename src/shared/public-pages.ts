/**
 * The pages the server renders for a first visit and the service worker handles apart from the
 * staff app: /admission/<institute>[/<form>[/temporaryId/<id>]], /login,
 * /receipt/verify/<code>, and the online payment's pages (/admission/payment/<institute>/
 * online-payment, /payment/successful|failed/<institute>) (src/public-app).
 */
export const publicPagePath =
  /^\/(admission\/[^/]+(\/[^/]+(\/temporaryId\/[^/]+)?)?|admission\/payment\/[^/]+\/online-payment|payment\/(successful|failed)\/[^/]+|login|receipt\/verify\/[^/]+)\/?$/

/**
 * Public pages of which the service worker keeps no copy: a receipt's verification and a
 * payment say what the server says now, never what it said on an earlier visit (a receipt
 * cancelled since, a payment confirmed since).
 */
export const unkeptPublicPagePath = /^\/(receipt\/verify|admission\/payment|payment)\//

/** The public page that verifies a receipt by the code printed on it (its QR code holds it). */
export const receiptVerificationPath = (code: string) => `/receipt/verify/${code}`

/** The message a page sends its service worker to keep a copy of a page it navigated to. */
export const keepPublicPageMessage = 'KEEP_PUBLIC_PAGE'
