import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { budgets } from './budgets.ts'
import { benchAdmin, startServer } from './server.ts'

/** Clients sending at once, each its next request as soon as the last was answered. */
const concurrency = 50
/** Requests measured per endpoint, after a warm-up; a run also stops after `maxSeconds`. */
const requestCount = Number(process.env.CONCURRENCY_BENCH_REQUESTS ?? 2_000)
const warmUp = 100
const maxSeconds = 30

interface Figures {
  requests: number
  failed: number
  firstFailure: string
  seconds: number
  perSecond: number
  p50: number
  p99: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

/**
 * `concurrency` clients sending `send()` until `count` requests were answered or the time is
 * up; each request's latency is from its send until its whole body was read.
 */
export async function load(count: number, send: () => Promise<Response>): Promise<Figures> {
  const latencies: number[] = []
  let started = 0
  let failed = 0
  let firstFailure = ''
  const t0 = performance.now()
  const deadline = t0 + maxSeconds * 1000
  const client = async () => {
    while (started < count && performance.now() < deadline) {
      started++
      const t = performance.now()
      try {
        const res = await send()
        const body = await res.text()
        latencies.push(performance.now() - t)
        if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 200)}`)
      } catch (err) {
        failed++
        firstFailure ||= String((err as Error).cause ?? err)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  const seconds = (performance.now() - t0) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  return {
    requests: sorted.length,
    failed,
    firstFailure,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  }
}

/**
 * Many staff at once on the default embedded database: the admin's token, 50 clients, first
 * listing the institute's users, then posting small vouchers (each with its own
 * Idempotency-Key). Only 127.0.0.1 is spoken to.
 */
export async function concurrencyBench(verdict: (ok: boolean) => string) {
  const server = await startServer(4394, 'concurrency', {
    HOST: '127.0.0.1',
    // The API alone: no built client is needed.
    STATIC_DIR: mkdtempSync(join(tmpdir(), 'ems-bench-static-')),
    // Every request logged, as in production.
    LOG_LEVEL: 'info',
  })
  try {
    const { headers, postReceipt: postVoucher } = await benchAdmin(server.url)
    const listUsers = () => fetch(`${server.url}/api/access/users`, { headers })

    console.log(
      `\n${concurrency} clients at once on PGlite (${requestCount} requests each, ` +
        `at most ${maxSeconds} s; the real server, every request logged)`,
    )
    const report = (what: string, f: Figures, minPerSecond: number, maxP99: number) =>
      console.log(
        `  ${what}: ${f.perSecond.toFixed(0)} requests/s (${f.requests} in ${f.seconds.toFixed(1)} s), ` +
          `p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms; budget at least ` +
          `${minPerSecond}/s and p99 ${maxP99} ms` +
          (f.failed ? `; ${f.failed} FAILED, the first: ${f.firstFailure}` : '') +
          `  ${verdict(f.perSecond >= minPerSecond && f.p99 <= maxP99 && !f.failed)}`,
      )
    await load(warmUp, listUsers)
    report(
      'GET /api/access/users',
      await load(requestCount, listUsers),
      budgets.concurrentReadsPerSecondMin,
      budgets.concurrentReadP99Ms,
    )
    await load(warmUp, postVoucher)
    report(
      'POST /api/accounting/vouchers',
      await load(requestCount, postVoucher),
      budgets.concurrentPostingsPerSecondMin,
      budgets.concurrentPostingP99Ms,
    )
  } finally {
    await server.stop()
  }
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await concurrencyBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
