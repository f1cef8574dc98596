/**
 * The reports benchmark, on the institute of bench/reports-data.ts (10,000 students × 12
 * monthly periods × 5 heads, a year of payments), through the API in-process (app.request) on
 * the embedded PGlite and on a PostgreSQL server: each report's median of 5 after one warm-up,
 * and the due report's CSV of every line owed, made by an export job, with the process's peak
 * memory growth.
 *
 * Called by bench/run.ts; `node --import tsx bench/reports.ts` runs it alone.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { DiskStorage } from '../src/server/lib/storage.ts'
import { databaseUrl, onServer, startPostgres } from '../src/server/test-support/postgres-server.ts'
import { createTestApp, type TestApp } from '../src/server/test-support/test-app.ts'
import { budgets } from './budgets.ts'
import { median } from './median.ts'
import { reportsInstitute, reportStudents, type ReportsInstitute } from './reports-data.ts'

type Verdict = (ok: boolean) => string

interface Figures {
  database: string
  dueMs: number
  dueFinesMs: number
  paidYearMs: number
  studentLedgerMs: number
  headSummariesMs: number
  csv: { rows: number; ms: number; peakGrowthMb: number; peakHeapGrowthMb: number }
}

async function timed(t: TestApp, token: string, path: string) {
  const get = async () => {
    const res = await t.app.request(path, { headers: { Authorization: `Bearer ${token}` } })
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
  }
  await get()
  const runs: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    await get()
    runs.push(performance.now() - started)
  }
  return median(runs)
}

v8.setFlagsFromString('--expose-gc')
/** A full garbage collection, asked for (the flag above lets a context made after it call it). */
const collectGarbage = runInNewContext('gc') as () => void

/** Lines of a downloaded file, counted a piece at a time. */
async function linesOf(body: ReadableStream<Uint8Array>) {
  let lines = 0
  for await (const chunk of body) for (const byte of chunk) if (byte === 10) lines++
  return lines
}

/**
 * The CSV of every line owed, made by an export job (too many rows to download at once) into
 * the file store on disk: its rows, time (asked to written) and the process's peak memory growth.
 */
async function dueCsv(t: TestApp, token: string) {
  collectGarbage()
  const before = process.memoryUsage()
  let [peak, peakHeap] = [before.rss, before.heapUsed]
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss))
  // What the heap holds alive (after a collection) twice a second: rows kept would show here.
  const live = () => {
    collectGarbage()
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
  }
  const sampler = setInterval(sample, 20)
  const liveSampler = setInterval(live, 500)
  const started = performance.now()
  const asked = await t.app.request('/api/reports/exports', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `bench-due-csv-${Date.now()}`,
    },
    body: JSON.stringify({ report: 'due', format: 'csv', query: {} }),
  })
  if (asked.status !== 202) throw new Error(`export: ${asked.status} ${await asked.text()}`)
  const { jobId } = (await asked.json()) as { jobId: string }
  await t.app.services.jobs.drain()
  const ms = performance.now() - started
  clearInterval(sampler)
  clearInterval(liveSampler)
  sample()
  const file = await t.app.request(`/api/reports/exports/${jobId}/file`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  if (file.status !== 200) throw new Error(`export file: ${file.status} ${await file.text()}`)
  return {
    rows: (await linesOf(file.body!)) - 1,
    ms,
    peakGrowthMb: (peak - before.rss) / 2 ** 20,
    // Node's own live objects apart: the embedded database's memory is in the process's too.
    peakHeapGrowthMb: (peakHeap - before.heapUsed) / 2 ** 20,
  }
}

/** Exported files on disk, as a server keeps them: in memory they would be what grows. */
const diskFiles = () => new DiskStorage(mkdtempSync(join(tmpdir(), 'bench-reports-')))

async function measure(database: string, t: TestApp): Promise<Figures & ReportsInstitute> {
  const made = await reportsInstitute(t)
  const { token } = made
  return {
    ...made,
    database,
    dueMs: await timed(t, token, '/api/reports/due'),
    dueFinesMs: await timed(t, token, '/api/reports/due/fines'),
    paidYearMs: await timed(
      t,
      token,
      `/api/reports/paid?from=${made.from}&to=${made.to}&groupBy=day`,
    ),
    studentLedgerMs: await timed(
      t,
      token,
      `/api/reports/student-ledger?studentId=${made.studentId}&from=${made.from}&to=${made.to}`,
    ),
    headSummariesMs: await timed(
      t,
      token,
      `/api/reports/head-summaries?by=month&measure=due&from=${made.from}&to=${made.to}`,
    ),
    csv: await dueCsv(t, token),
  }
}

async function onPglite() {
  const t = await createTestApp({}, diskFiles())
  try {
    return await measure('PGlite (embedded)', t)
  } finally {
    await t.database.close()
  }
}

async function onPostgres() {
  const postgres = await startPostgres()
  try {
    const name = `ems_bench_reports_${Date.now()}`
    await onServer(postgres.url, `create database ${name}`)
    const t = await createTestApp(
      { dataDir: 'memory://', databaseUrl: databaseUrl(postgres.url, name) },
      diskFiles(),
    )
    try {
      return await measure('PostgreSQL server', t)
    } finally {
      await t.database.close()
    }
  } finally {
    await postgres.stop()
  }
}

/** Measures and prints against the budgets; `verdict` answers "ok" or "OVER BUDGET". */
export async function reportsBench(verdict: Verdict) {
  const rows = [await onPglite()]
  if (process.env.REPORTS_BENCH_POSTGRES !== '0') rows.push(await onPostgres())
  const first = rows[0]!
  console.log(
    `\nReports: ${reportStudents.toLocaleString('en')} students, ` +
      `${first.invoiceLines.toLocaleString('en')} invoice lines over 12 months, ` +
      `${first.payments.toLocaleString('en')} payments; through the API, median of 5`,
  )
  const figure = (name: string, ms: number, budget: number) =>
    `${name} ${ms.toFixed(0)} ms (budget ${budget} ms) ${verdict(ms <= budget)}`
  for (const f of rows) {
    const dueBudget = f === first ? budgets.dueReportPgliteMs : budgets.dueReportPostgresMs
    console.log(
      [
        `  ${f.database}: ${figure('due report as of today', f.dueMs, dueBudget)}`,
        `its fine total ${f.dueFinesMs.toFixed(0)} ms`,
        figure('paid report for a year by day', f.paidYearMs, budgets.paidReportYearMs),
        figure('student ledger of a year', f.studentLedgerMs, budgets.studentLedgerMs),
        figure('head-wise summary due by month', f.headSummariesMs, budgets.headSummariesMs),
        `due report CSV by an export job, ${f.csv.rows.toLocaleString('en')} rows ${(f.csv.ms / 1000).toFixed(1)} s, ` +
          `peak memory +${f.csv.peakGrowthMb.toFixed(0)} MB (live JS heap +${f.csv.peakHeapGrowthMb.toFixed(0)} MB)`,
      ].join('; '),
    )
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await reportsBench((ok) => (ok ? 'ok' : 'OVER BUDGET'))
}
