/**
 * The pages the server renders for a first visit and the service worker keeps a copy of:
 * /admission/<institute>[/<form>[/temporaryId/<id>]] and /login (src/public-app).
 */
export const publicPagePath = /^\/(admission\/[^/]+(\/[^/]+(\/temporaryId\/[^/]+)?)?|login)\/?$/

/** The message a page sends its service worker to keep a copy of a page it navigated to. */
export const keepPublicPageMessage = 'KEEP_PUBLIC_PAGE'
