/**
 * Scaling out: voucher posting through HTTP by 50 clients at once on the embedded
 * PGlite and on a PostgreSQL server with 1, 2 and 4 API processes (WORKERS), and the trial
 * balance and a general ledger over what was posted, on each. Figures and ratios to PGlite; no
 * budget (a 2-core machine runs the clients, the processes and the server together).
 *
 * Called by bench/run.ts; `node --import tsx bench/scale-out.ts` runs it alone.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { databaseUrl, onServer, startPostgres } from '../src/server/test-support/postgres-server.ts'
import { load } from './concurrency.ts'
import { median } from './median.ts'
import { benchAdmin, startServer } from './server.ts'

const postings = Number(process.env.SCALE_OUT_BENCH_REQUESTS ?? 1_000)
const today = () => new Date().toISOString().slice(0, 10)

interface Row {
  setup: string
  perSecond: number
  p99: number
  failed: number
  trialBalanceMs: number
  ledgerMs: number
}

async function measure(setup: string, env: Record<string, string>): Promise<Row> {
  const server = await startServer(4396, `scale-${setup.replace(/\W+/g, '-')}`, {
    HOST: '127.0.0.1',
    STATIC_DIR: mkdtempSync(join(tmpdir(), 'ems-bench-static-')),
    ...env,
  })
  try {
    const { headers, cash, postReceipt: post } = await benchAdmin(server.url)
    await load(50, post)
    const posted = await load(postings, post)
    const timed = async (path: string) => {
      const runs: number[] = []
      for (let i = 0; i < 5; i++) {
        const started = performance.now()
        const res = await fetch(`${server.url}${path}`, { headers })
        if (!res.ok) throw new Error(`${path}: ${res.status}`)
        await res.arrayBuffer()
        runs.push(performance.now() - started)
      }
      return median(runs)
    }
    const day = today()
    const yearAgo = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`
    return {
      setup,
      perSecond: posted.perSecond,
      p99: posted.p99,
      failed: posted.failed,
      trialBalanceMs: await timed(`/api/accounting/trial-balance?asOf=${day}`),
      ledgerMs: await timed(`/api/accounting/ledger?accountId=${cash}&from=${yearAgo}&to=${day}`),
    }
  } finally {
    await server.stop()
  }
}

export async function scaleOutBench() {
  const postgres = await startPostgres()
  const rows: Row[] = []
  try {
    rows.push(await measure('PGlite, 1 process', {}))
    for (const workers of [1, 2, 4]) {
      const name = `ems_bench_${workers}_${Date.now()}`
      await onServer(postgres.url, `create database ${name}`)
      rows.push(
        await measure(`PostgreSQL, ${workers} process${workers > 1 ? 'es' : ''}`, {
          DATABASE_URL: databaseUrl(postgres.url, name),
          MERCHANT_KEY: 'a'.repeat(64),
          WORKERS: String(workers),
        }),
      )
    }
  } finally {
    await postgres.stop()
  }
  const base = rows[0]!
  console.log(
    `\nScaling out: ${postings} vouchers posted by 50 clients at once through HTTP; trial balance ` +
      `and the cash ledger over them (median of 5); ratios to PGlite`,
  )
  for (const r of rows) {
    console.log(
      `  ${r.setup.padEnd(26)} ${r.perSecond.toFixed(0).padStart(5)} vouchers/s ` +
        `(×${(r.perSecond / base.perSecond).toFixed(2)}), p99 ${r.p99.toFixed(0)} ms` +
        `${r.failed ? `, ${r.failed} FAILED` : ''}; trial balance ${r.trialBalanceMs.toFixed(0)} ms ` +
        `(×${(r.trialBalanceMs / base.trialBalanceMs).toFixed(2)}), ledger ${r.ledgerMs.toFixed(0)} ms ` +
        `(×${(r.ledgerMs / base.ledgerMs).toFixed(2)})`,
    )
  }
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) await scaleOutBench()
