/**
 * The ledger benchmark (issue 5): a fiscal year of 100,000 vouchers, the posting service's rate
 * one voucher per transaction (every voucher unless a sample is asked for, see sampleSize), then
 * the trial balance and the busy account's general ledger read through the HTTP app. The database is the tests' one: in-memory
 * PGlite, migrated, the demo institute (createTestApp).
 *
 * Called by bench/run.ts; `node --import tsx bench/ledger.ts` runs it alone.
 * LEDGER_BENCH_VOUCHERS=2000 makes a quick smaller run (figures then say so).
 */
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../src/server/db/client.ts'
import {
  accounts,
  coaMappings,
  voucherCounters,
  voucherLines,
  vouchers,
} from '../src/server/db/schema/accounting.ts'
import { users } from '../src/server/db/schema/auth.ts'
import { defaultFiscalYearStartMonth } from '../src/server/modules/accounting/default-chart.ts'
import { coaSettingsOf } from '../src/server/modules/accounting/fiscal-year.ts'
import {
  postVoucher,
  type PostingLine,
  type PostingRequest,
} from '../src/server/modules/accounting/posting.ts'
import { fiscalYearOf } from '../src/shared/fiscal-year.ts'
import type { Ledger, TrialBalance, VoucherType } from '../src/shared/schemas/accounting.ts'
import {
  adminPassword,
  bearer,
  createTestApp,
  signIn,
} from '../src/server/test-support/test-app.ts'
import { refreshStatistics } from '../src/server/db/statistics.ts'
import { budgets } from './budgets.ts'
import { median } from './median.ts'

/** The current fiscal year of the default chart (July to June): open for posting. */
const fiscalYear = (() => {
  const start = fiscalYearOf(new Date().toISOString().slice(0, 10), defaultFiscalYearStartMonth)
  const from = `${start}-07-01`
  const to = `${start + 1}-06-30`
  return { from, to, days: (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 }
})()
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

/** The default chart's leaves the vouchers use, by GL code (see default-chart.ts). */
const leafCodes = {
  cashInHand: '1010101001',
  bank: '1010102001',
  feeReceivable: '1010201001',
  vatPayable: '2010201001',
  salaryPayable: '2010301001',
  tuition: '4010101001',
  admission: '4010102001',
  exam: '4010102002',
  concession: '4010202001',
  salaryExpense: '5010101001',
  gatewayCharges: '5010201001',
}
type Leaf = keyof typeof leafCodes

/** mulberry32: the same vouchers on every run, so runs compare. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The year's vouchers in date order: receipts at the cash counter (Cash in hand, the busy
 * account, against tuition or other fees, sometimes with a fine), receipts into the bank,
 * payments, cash deposits (contra) and journals of 2–4 lines. Lines name an account, or a
 * mapping purpose as the collection module does.
 */
function yearOfVouchers(n: number, leaf: Record<Leaf, string>, createdBy: string) {
  const rnd = random(5)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!
  /** Whole taka between min and max, in paisa. */
  const amount = (min: number, max: number) => (min + Math.floor(rnd() * (max - min + 1))) * 100
  const dr = (line: PostingLine, debit: number): PostingLine => ({ ...line, debit })
  const cr = (line: PostingLine, credit: number): PostingLine => ({ ...line, credit })
  const cash: PostingLine = { purpose: 'cash' }
  const bank: PostingLine = { purpose: 'bank', key: 'Main bank account' }
  const at = (id: string): PostingLine => ({ accountId: id })
  const start = Date.parse(`${fiscalYear.from}T00:00:00Z`)

  const requests: PostingRequest[] = []
  for (let i = 0; i < n; i++) {
    const day = Math.floor((i * fiscalYear.days) / n)
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10)
    const student = 1 + Math.floor(rnd() * 2_000)
    const r = rnd()
    let request: Omit<PostingRequest, 'date' | 'createdBy'>
    if (r < 0.5) {
      const fee = pick(['tuition', 'tuition', 'tuition', 'admission', 'exam'] as const)
      const due = amount(1_500, 6_000)
      const fine = rnd() < 0.15 ? amount(50, 300) : 0
      request = {
        type: 'receipt',
        source: 'collection',
        narration: `Fees of student ${student}`,
        lines: [
          dr(cash, due + fine),
          cr(at(leaf[fee]), due),
          ...(fine ? [cr({ purpose: 'fine_income' }, fine)] : []),
        ],
      }
    } else if (r < 0.6) {
      const due = amount(1_500, 20_000)
      request = {
        type: 'receipt',
        source: 'collection',
        narration: `Bank transfer from student ${student}`,
        lines: [dr(bank, due), cr(at(leaf.feeReceivable), due)],
      }
    } else if (r < 0.75) {
      const [account, min, max] = pick([
        [leaf.salaryPayable, 8_000, 25_000],
        [leaf.gatewayCharges, 100, 2_000],
        [leaf.salaryExpense, 2_000, 10_000],
      ] as const)
      const paid = amount(min, max)
      request = {
        type: 'payment',
        narration: 'Payment',
        lines: [dr(at(account), paid), cr(rnd() < 0.8 ? cash : bank, paid)],
      }
    } else if (r < 0.8) {
      const deposit = amount(5_000, 30_000)
      request = {
        type: 'contra',
        narration: 'Cash deposited at the bank',
        lines: [dr(bank, deposit), cr(cash, deposit)],
      }
    } else {
      const kind = pick([2, 3, 4] as const)
      const due = amount(1_500, 6_000)
      const lines =
        kind === 2
          ? // Monthly fee billed to a student.
            [dr(at(leaf.feeReceivable), due), cr(at(leaf.tuition), due)]
          : kind === 3
            ? // Salary accrued, tax withheld (to VAT payable, the chart's one tax account).
              [
                dr(at(leaf.salaryExpense), due * 10),
                cr(at(leaf.salaryPayable), due * 9),
                cr(at(leaf.vatPayable), due),
              ]
            : // A receivable settled in cash with a concession and a late fine.
              [
                dr(cash, due),
                dr(at(leaf.concession), due / 2),
                cr(at(leaf.feeReceivable), due + due / 2 - 5_000),
                cr({ purpose: 'fine_income' }, 5_000),
              ]
      request = { type: 'journal', narration: `Journal ${i}`, lines }
    }
    requests.push({ ...request, date, createdBy })
  }
  return requests
}

/**
 * Writes vouchers as postVoucher would (purposes resolved through the mapping, gapless numbers,
 * counters to continue from), but a thousand per transaction in multi-row inserts: only to
 * build the year quickly; it is not measured against a budget. The database still checks that
 * each voucher balances.
 */
async function insertInBulk(db: Db, instituteId: string, requests: PostingRequest[]) {
  const mapped = new Map(
    (await db.select().from(coaMappings).where(eq(coaMappings.instituteId, instituteId))).map(
      (m) => [`${m.purpose}:${m.key}`, m.accountId],
    ),
  )
  const accountOf = (line: PostingLine) => {
    if (line.purpose === undefined) return line.accountId
    const id = mapped.get(`${line.purpose}:${line.key ?? ''}`)
    if (!id) throw new Error(`no account is mapped for ${line.purpose}`)
    return id
  }
  const { fiscalYearStartMonth } = await coaSettingsOf(db, instituteId)
  const counters = new Map<string, { type: VoucherType; fiscalYear: number; last: number }>()
  const chunk = 1_000 // vouchers; their ~2,300 lines stay under PostgreSQL's 65,535 parameters
  for (let i = 0; i < requests.length; i += chunk) {
    const voucherRows: (typeof vouchers.$inferInsert)[] = []
    const lineRows: (typeof voucherLines.$inferInsert)[] = []
    for (const request of requests.slice(i, i + chunk)) {
      const fiscalYear = fiscalYearOf(request.date, fiscalYearStartMonth)
      const key = `${request.type}:${fiscalYear}`
      const counter = counters.get(key) ?? { type: request.type, fiscalYear, last: 0 }
      counters.set(key, counter)
      const id = randomUUID()
      voucherRows.push({
        id,
        instituteId,
        type: request.type,
        fiscalYear,
        number: ++counter.last,
        date: request.date,
        narration: request.narration,
        source: request.source ?? 'manual',
        createdBy: request.createdBy ?? null,
      })
      for (const [n, line] of request.lines.entries()) {
        lineRows.push({
          voucherId: id,
          instituteId,
          accountId: accountOf(line),
          lineNo: n + 1,
          debit: line.debit ?? 0,
          credit: line.credit ?? 0,
        })
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(vouchers).values(voucherRows)
      await tx.insert(voucherLines).values(lineRows)
    })
  }
  if (counters.size) {
    await db.insert(voucherCounters).values(
      [...counters.values()].map((c) => ({
        instituteId,
        type: c.type,
        fiscalYear: c.fiscalYear,
        lastNumber: c.last,
      })),
    )
  }
}

export interface LedgerFigures {
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
