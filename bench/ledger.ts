/**
 * The ledger benchmark: a fiscal year of 100,000 vouchers, the posting service's rate
 * one voucher per transaction (every voucher unless a sample is asked for, see sampleSize), then
 * the trial balance and the busy account's general ledger read through the HTTP app. The database is the tests' one: in-memory
 * PGlite, migrated, the demo institute (createTestApp).
 *
 * Called by bench/run.ts; `node --import tsx bench/ledger.ts` runs it alone.
 * LEDGER_BENCH_VOUCHERS=2000 makes a quick smaller run (figures then say so).
 */
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { accounts } from '../src/server/db/schema/accounting.ts'
import { users } from '../src/server/db/schema/auth.ts'
import { postVoucher } from '../src/server/modules/accounting/posting.ts'
import type { Ledger, TrialBalance } from '../src/shared/schemas/accounting.ts'
import {
  adminPassword,
  bearer,
  createTestApp,
  signIn,
} from '../src/server/test-support/test-app.ts'
import { refreshStatistics } from '../src/server/db/statistics.ts'
import { budgets } from './budgets.ts'
import { median } from './median.ts'
import {
  fiscalYear,
  leafCodes,
  type Leaf,
  yearOfVouchers,
  insertInBulk,
} from './ledger-vouchers.ts'

const voucherCount = Number(process.env.LEDGER_BENCH_VOUCHERS ?? 100_000)
/**
 * How many of the year's vouchers go through the service, one per transaction: all of them
 * unless LEDGER_BENCH_SAMPLE says fewer (the service posts a few hundred a second on PGlite, so
 * the whole year takes some 6–7 minutes); the ones before the sample go straight into the tables
 * (insertInBulk).
 */
const sampleSize = Number(process.env.LEDGER_BENCH_SAMPLE ?? voucherCount)
/** Reads of each report; the median is held against the budget, as the cold start is. */
const reportRuns = 5

interface LedgerFigures {
  vouchers: number
  lines: number
  /** Vouchers with a Cash in hand line (one each at most): the ledger's line count. */
  busyVouchers: number
  /** Posted one per transaction, last: the headline rate. */
  sample: number
  postingSeconds: number
  vouchersPerSecond: number
  /** Inserted in bulk before the sample. */
  bulk: number
  bulkSeconds: number
  trialBalance: { runs: number[]; median: number; rows: number; bytes: number }
  totals: { debit: number; credit: number }
  ledger: { runs: number[]; median: number; lines: number; bytes: number; closing: number }
  busyTrialBalance: number
}

async function measureLedger(): Promise<LedgerFigures> {
  const { app, database } = await createTestApp()
  try {
    const db = database.db
    // The demo institute is the only one after seedDemo; its admin posts the vouchers.
    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'))
    const instituteId = admin!.instituteId
    const chart = await db
      .select({ id: accounts.id, glCode: accounts.glCode })
      .from(accounts)
      .where(eq(accounts.instituteId, instituteId))
    const leaf = Object.fromEntries(
      Object.entries(leafCodes).map(([name, code]) => {
        const account = chart.find((a) => a.glCode === code)
        if (!account) throw new Error(`the chart has no account ${code} (${name})`)
        return [name, account.id]
      }),
    ) as Record<Leaf, string>
    const busy = leaf.cashInHand

    const requests = yearOfVouchers(voucherCount, leaf, admin!.id)
    const lines = requests.reduce((n, r) => n + r.lines.length, 0)
    const onBusy = requests.filter((r) =>
      r.lines.some((l) => l.purpose === 'cash' || l.accountId === busy),
    ).length

    // The year's first vouchers (if a sample was asked for) straight into the tables, the rest
    // through the service one per transaction.
    const sample = Math.min(sampleSize, requests.length)
    const bulk = requests.slice(0, requests.length - sample)
    const bulkStarted = performance.now()
    await insertInBulk(db, instituteId, bulk)
    const bulkSeconds = (performance.now() - bulkStarted) / 1000
    const started = performance.now()
    for (const request of requests.slice(bulk.length)) {
      await db.transaction((tx) => postVoucher(tx, instituteId, request))
    }
    const postingSeconds = (performance.now() - started) / 1000
    // A server refreshes the statistics every minute (src/server/server.ts) while the year goes in.
    await refreshStatistics(db)

    const token = await signIn({ app }, 'admin', adminPassword)
    /** A GET through the app, until its whole body has been read. */
    const read = async (path: string) => {
      const t0 = performance.now()
      const res = await app.request(path, bearer(token))
      const text = await res.text()
      const ms = performance.now() - t0
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`)
      return { ms, text }
    }
    const timed = async <T>(path: string) => {
      const runs: number[] = []
      let text = ''
      for (let i = 0; i < reportRuns; i++) ({ ms: runs[i], text } = await read(path))
      return {
        runs,
        median: median(runs),
        bytes: Buffer.byteLength(text),
        body: JSON.parse(text) as T,
      }
    }

    const tb = await timed<TrialBalance>(`/api/accounting/trial-balance?asOf=${fiscalYear.to}`)
    const gl = await timed<Ledger>(
      `/api/accounting/ledger?accountId=${busy}&from=${fiscalYear.from}&to=${fiscalYear.to}`,
    )
    const busyRow = tb.body.rows.find((r) => r.accountId === busy)
    return {
      vouchers: requests.length,
      lines,
      busyVouchers: onBusy,
      sample,
      postingSeconds,
      vouchersPerSecond: sample / postingSeconds,
      bulk: bulk.length,
      bulkSeconds,
      trialBalance: { ...tb, rows: tb.body.rows.length },
      totals: { debit: tb.body.totalDebit, credit: tb.body.totalCredit },
      ledger: { ...gl, lines: gl.body.lines.length, closing: gl.body.closing },
      busyTrialBalance: (busyRow?.debit ?? 0) - (busyRow?.credit ?? 0),
    }
  } finally {
    await database.close()
  }
}

/** Measures and prints against the budgets; `verdict` answers "ok" or "OVER BUDGET". */
export async function ledgerBench(verdict: (ok: boolean) => string) {
  const n = voucherCount.toLocaleString('en')
  console.log(`\nLedger: ${n} vouchers over fiscal year ${fiscalYear.from}…${fiscalYear.to}`)
  console.log('(in-memory PGlite, migrated and seeded as the tests do; takes several minutes)')
  const f = await measureLedger()
  const ms = (runs: number[]) => runs.map((r) => r.toFixed(0)).join(', ')
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
  const count = (n: number) => n.toLocaleString('en')
  console.log(
    `${count(f.vouchers)} vouchers, ${count(f.lines)} lines, Cash in hand on ` +
      `${((f.busyVouchers / f.vouchers) * 100).toFixed(0)}%: the first ${count(f.bulk)} inserted in bulk ` +
      `(${f.bulkSeconds.toFixed(1)} s, not through the service), the last ${count(f.sample)} ` +
      `posted through postVoucher`,
  )
  console.log(
    `Posting, one voucher per transaction (sample of ${count(f.sample)}, not extrapolated): ` +
      `${f.vouchersPerSecond.toFixed(0)} vouchers/s (${f.postingSeconds.toFixed(1)} s), ` +
      `budget at least ${budgets.postingVouchersPerSecondMin}/s  ` +
      verdict(f.vouchersPerSecond >= budgets.postingVouchersPerSecondMin),
  )
  console.log(
    `Trial balance for the year over HTTP: median ${f.trialBalance.median.toFixed(0)} ms ` +
      `(runs ${ms(f.trialBalance.runs)}; ${f.trialBalance.rows} rows), ` +
      `budget ${budgets.trialBalanceMs} ms  ${verdict(f.trialBalance.median <= budgets.trialBalanceMs)}`,
  )
  const balanced = f.totals.debit === f.totals.credit
  console.log(
    `  total debit ${f.totals.debit} = total credit ${f.totals.credit}: ` +
      (balanced ? 'ok' : 'NOT BALANCED'),
  )
  console.log(
    `General ledger of Cash in hand for the year over HTTP: median ${f.ledger.median.toFixed(0)} ms ` +
      `(runs ${ms(f.ledger.runs)}; ${f.ledger.lines.toLocaleString('en')} lines, ` +
      `${mb(f.ledger.bytes)} MB of JSON), budget ${budgets.ledgerMs} ms  ` +
      verdict(f.ledger.median <= budgets.ledgerMs),
  )
  const agrees = f.ledger.closing === f.busyTrialBalance && f.ledger.lines === f.busyVouchers
  console.log(
    `  closing balance ${f.ledger.closing} = its trial balance row ${f.busyTrialBalance}, ` +
      `one line per voucher on it: ${agrees ? 'ok' : 'DIFFERENT'}`,
  )
  // Not a budget, but a wrong total must fail the run too.
  if (!balanced || !agrees) verdict(false)
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await ledgerBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
