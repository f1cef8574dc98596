/**
 * The fee configuration grid's load: a session's grid of every class × 20 fee heads,
 * each cell configured, read as /std-fee-config reads it (GET /api/fees/configs), on the
 * tests' in-memory PGlite (createTestApp): the server's time, median of 20 reads.
 *
 * Called by bench/run.ts; `node --import tsx bench/fee-grid.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url'
import {
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from '../src/server/test-support/fee-invoices.ts'
import { adminPassword, createTestApp, signIn } from '../src/server/test-support/test-app.ts'
import { budgets } from './budgets.ts'
import { median } from './median.ts'

const heads = 20

async function measure() {
  const t = await createTestApp()
  try {
    const db = t.database.db
    const token = await signIn(t, 'admin', adminPassword)
    const instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    const { cycle } = await addCycle(db, instituteId, sessionId, 12)
    for (let i = 0; i < heads; i++) {
      const head = await addHead(db, instituteId, { code: `G${i}` })
      for (const classId of classIds) {
        await addConfig(db, instituteId, {
          academicSessionId: sessionId,
          classId,
          feeHeadId: head.id,
          cycleId: cycle.id,
          amountMinor: 50_000 + i * 1_000,
        })
      }
    }
    const path = `/api/fees/configs?academicSessionId=${sessionId}&cycleId=${cycle.id}`
    const runs: number[] = []
    for (let i = 0; i < 21; i++) {
      const started = performance.now()
      const res = await t.app.request(path, { headers: { Authorization: `Bearer ${token}` } })
      if (res.status !== 200) throw new Error(`grid read refused: ${res.status}`)
      await res.arrayBuffer()
      // The first read warms the plans; the figure is of the reads an office makes all day.
      if (i > 0) runs.push(performance.now() - started)
    }
    return { cells: classIds.length * heads, classes: classIds.length, ms: median(runs) }
  } finally {
    await t.database.close()
  }
}

/** Measures and prints against the budget; `verdict` answers "ok" or "OVER BUDGET". */
export async function feeGridBench(verdict: (ok: boolean) => string) {
  const { cells, classes, ms } = await measure()
  console.log(
    `Fee configuration grid (${classes} classes × ${heads} heads, ${cells} cells): ` +
      `median ${ms.toFixed(1)} ms server time, budget ${budgets.feeGridMs} ms  ` +
      verdict(ms <= budgets.feeGridMs),
  )
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await feeGridBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
