/** Performance budgets; `npm run bench` measures against them and fails when one is exceeded. */
export const budgets = {
  /** JavaScript (gzip) the first load of a staff route needs. */
  staffRouteJsGzipKb: 200,
  /**
   * JavaScript (gzip) a public page (sign-in, admission, tracking) needs before it is hydrated:
   * the scripts its HTML names and their static imports, or, served as the single-page app, the
   * route's first load. 120 KB holds React 19, TanStack Router and Lingui (about 95 KB) and the
   * page; 100 KB is the stretch.
   */
  publicRouteJsGzipKb: 120,
  /**
   * JavaScript (gzip) a public page needs before its first text field takes typing (its main
   * heading is on screen, when it has no field): 0 when the server-rendered page works with
   * every script blocked. 100 KB is the stretch, as above.
   */
  admissionFormJsGzipKb: 120,
  /** Lighthouse's mobile run (simulated slow 4G) of each public page's first visit, median of N. */
  publicPageScoreMin: 95,
  publicPageLcpMs: 2000,
  publicPageTbtMs: 150,
  publicPageClsMax: 0.05,
  /**
   * Offline, a repeat visit to an admission form the service worker controls: from navigation
   * start until the form's first text field is on screen and takes typing.
   */
  offlineFormMs: 300,
  /** Server start on an existing data dir, until /api/health answers. */
  coldStartMs: 2000,
  /**
   * Vouchers the posting service takes a second, one per transaction, on in-memory PGlite with
   * most of a 100,000-voucher year already posted. A counter posts under one a second; the
   * budget is for bulk postings (a month's fees billed to 5,000 students, a bank statement
   * imported), which at 200/s finish within half a minute. PGlite gives ~260/s today: each of
   * the service's ~9 statements costs ~0.4 ms.
   */
  postingVouchersPerSecondMin: 200,
  /** The trial balance over that year, through the API: a page opened often, so one second. */
  trialBalanceMs: 1000,
  /**
   * The general ledger of the busiest account (Cash in hand, ~74,000 lines) for the whole year,
   * through the API: the worst ledger a user can ask for; longer than 2 s looks stuck.
   */
  ledgerMs: 2000,
  /**
   * Offline, from navigation (a menu click or a full reload served by the service worker) to
   * the stored trial balance on screen: a reviewer should not see the app think.
   */
  offlineTrialBalanceMs: 300,
  /**
   * A sign-in from one address while another sends 200 wrong passwords at once, and the owner's
   * browser (device cookie) while 26 failing addresses keep 50 in flight: an attack may delay
   * nobody else by more than a second or two.
   */
  signInUnderAttackMs: 2000,
  /**
   * 50 staff at once on the embedded database (one connection, so one query at a time): the
   * users list (an authenticated read) and a voucher posted through the API. On a quiet 2-core
   * machine: 270/s with p99 250 ms, and 100/s with p99 700 ms; before the guard kept userData
   * by auth_version (five queries per request instead of one) 167/s and 83/s.
   */
  concurrentReadsPerSecondMin: 200,
  concurrentReadP99Ms: 500,
  concurrentPostingsPerSecondMin: 90,
  concurrentPostingP99Ms: 1000,
  /**
   * Batches a job runs a second when they do nothing but the mechanism's own work (a transaction
   * with the row lock, checkpoint, progress and lease), on in-memory PGlite: the overhead a
   * long task pays per batch. At 100 rows a batch, 200 a second leaves the mechanism under 5 %
   * of a 5,000-student import's time.
   */
  jobStepsPerSecondMin: 200,
  /**
   * A search of the student list (name, student ID, guardian phone or class-section-roll) at
   * 50,000 students, server time, median over different students' searches; the counter's
   * search is held to the same.
   */
  studentSearchP50Ms: 50,
  /** Student import, checked and written (bench/students-import.ts): 10,000 rows in under 50 s. */
  importRowsPerSecondMin: 200,
  /**
   * A 300,000-row XLSX under the upload limit, refused for its rows (bench/import-refusal.ts):
   * within 2 s, the server's memory flat (what the reader's worker thread adds), and a health
   * check polled meanwhile answered within 100 ms each time (it once took 35–55 s and 3 GB
   * more, a health check waiting 39.6 s).
   */
  importRefusalMs: 2000,
  importRefusalRssGrowthMb: 200,
  healthDuringImportMs: 100,
  /**
   * Group invoicing (bench/group-invoice.ts): 10,000 students × 5 heads for one period, from the
   * request to the job's end, within 10 s.
   */
  groupInvoicesPerSecondMin: 1000,
  /**
   * Late fees computed a second (bench/fines.ts): the fines of 600,000 open invoice lines as of
   * one day, the pure rules alone, within a second, so a fines report or the collection screen's
   * preview never waits on them.
   */
  fineLinesPerSecondMin: 600_000,
  /** The fee configuration grid of a session (bench/fee-grid.ts), read by the server. */
  feeGridMs: 100,
  /**
   * Payments taken at the counter through the HTTP API (bench/collection.ts), a family's four
   * lines each with its receipt number, allocations and receipt voucher, by a few cashiers at
   * once on the embedded PGlite: a month's first days bring a queue at every counter, and the
   * server must never be why it waits.
   */
  collectionPaymentsPerSecondMin: 200,
  /**
   * Reports on 10,000 students × 12 monthly periods × 5 heads (≈ 600,000 invoice lines), a
   * late fee and a year of payments, through the API: the due report as of a day (its first
   * page, totals and ledger check) on the embedded database and on a PostgreSQL server, the
   * paid report of a year grouped by day, a student's ledger of the year, and the head-wise
   * summary of what is due by month. The due report's fine total (every fined line's fine by
   * the rules, read apart from the report) is printed without a budget.
   */
  dueReportPgliteMs: 500,
  dueReportPostgresMs: 200,
  paidReportYearMs: 300,
  studentLedgerMs: 50,
  headSummariesMs: 500,
}
