/** Performance budgets; `npm run bench` measures against them and fails when one is exceeded. */
export const budgets = {
  /** JavaScript (gzip) the first load of a staff route needs. */
  staffRouteJsGzipKb: 200,
  /** JavaScript (gzip) the first load of a public route (sign-in, admission, status) needs. */
  publicRouteJsGzipKb: 100,
  /** Server start on an existing data dir, until /api/health answers. */
  coldStartMs: 2000,
}
