/**
 * The student import benchmark: 10,000 rows of a CSV checked (the upload's
 * preview) and written by the import job, 200 a batch, on the tests' in-memory PGlite
 * (createTestApp). Rows a second over both.
 *
 * Called by bench/run.ts; `node --import tsx bench/students-import.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url'
import { adminPassword, createTestApp, signIn } from '../src/server/test-support/test-app.ts'
import { budgets } from './budgets.ts'

const rows = Number(process.env.IMPORT_BENCH_ROWS ?? 10_000)

async function measure() {
  const t = await createTestApp()
  try {
    const token = await signIn(t, 'admin', adminPassword)
    const lines = ['Full name,Date of birth,Guardian phone,Class,Section']
    for (let i = 0; i < rows; i++) {
      const klass = ['One', 'Two', 'Three', 'Four', 'Five'][i % 5]
      lines.push(
        `Bench pupil ${i},2015-01-01,017${String(i).padStart(8, '0')},${klass},${i % 2 ? 'A' : 'B'}`,
      )
    }
    const form = new FormData()
    form.append('file', new File([lines.join('\n')], 'bench.csv'))
    const headers = { Authorization: `Bearer ${token}` }
    const started = performance.now()
    const res = await t.app.request('/api/students/imports', {
      method: 'POST',
      headers,
      body: form,
    })
    const { id } = (await res.json()) as { id: string }
    const checked = performance.now()
    await t.app.request(`/api/students/imports/${id}/confirm`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': 'bench-import' },
    })
    await t.app.services.jobs.drain()
    const written = performance.now()
    return {
      checkPerSecond: rows / ((checked - started) / 1000),
      rowsPerSecond: rows / ((written - started) / 1000),
    }
  } finally {
    await t.database.close()
  }
}

/** Measures and prints against the budget; `verdict` answers "ok" or "OVER BUDGET". */
export async function studentsImportBench(verdict: (ok: boolean) => string) {
  const { checkPerSecond, rowsPerSecond } = await measure()
  console.log(
    `Student import (${rows} CSV rows, checked then written 200 a batch): ` +
      `${rowsPerSecond.toFixed(0)} rows/s (checking alone ${checkPerSecond.toFixed(0)} rows/s), ` +
      `budget at least ${budgets.importRowsPerSecondMin}  ` +
      verdict(rowsPerSecond >= budgets.importRowsPerSecondMin),
  )
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await studentsImportBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
