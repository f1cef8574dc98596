import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { budgets } from './budgets.ts'
import { collectionBench } from './collection.ts'
import { firstLoads } from './first-load.ts'
import { concurrencyBench } from './concurrency.ts'
import { feeGridBench } from './fee-grid.ts'
import { finesBench } from './fines.ts'
import { groupInvoiceBench } from './group-invoice.ts'
import { importRefusalBench } from './import-refusal.ts'
import { jobsBench } from './jobs.ts'
import { ledgerBench } from './ledger.ts'
import { median } from './median.ts'
import { offlineReadsBench } from './offline-reads.ts'
import { onlinePaymentsBench } from './online-payments.ts'
import { publicPageRoutes, publicPagesBench } from './public-pages.ts'
import { reportsBench } from './reports.ts'
import { scaleOutBench } from './scale-out.ts'
import { signInAttackBench } from './sign-in-attack.ts'
import { studentsBench } from './students.ts'
import { studentsImportBench } from './students-import.ts'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')

async function startOnce(dataDir: string, port: number): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      const ok = await fetch(`http://localhost:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return performance.now() - started
      if (performance.now() - started > 60_000) throw new Error('server did not start in 60 s')
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    child.kill('SIGTERM')
    if (child.exitCode === null) await once(child, 'exit')
  }
}

async function coldStart(): Promise<{ first: number; median: number; runs: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-bench-'))
  const first = await startOnce(dataDir, 4390) // creates, migrates and seeds
  const runs: number[] = []
  for (let i = 0; i < 5; i++) runs.push(await startOnce(dataDir, 4390))
  return { first, median: median(runs), runs }
}

let failed = false
const verdict = (ok: boolean) => {
  if (!ok) failed = true
  return ok ? 'ok' : 'OVER BUDGET'
}

/** The first load of each route's scripts and styles, as built, against their budgets. */
function firstLoadBench() {
  console.log(
    'First load of each route as the single-page app (gzip, the shell and English catalog included); ' +
      "a first visit to a public page measured below ('below') is judged there, as it is served",
  )
  const routes = firstLoads(dist)
  const routeColumn = Math.max(...routes.map((r) => r.path.length)) + 2
  console.log(
    'route'.padEnd(routeColumn) +
      'kind'.padEnd(8) +
      'JS KB'.padStart(8) +
      'CSS KB'.padStart(8) +
      'budget'.padStart(8),
  )
  const measuredBelow = new Set<string>(publicPageRoutes)
  for (const r of routes) {
    const budget = r.kind === 'public' ? budgets.publicRouteJsGzipKb : budgets.staffRouteJsGzipKb
    const judged = !measuredBelow.has(r.path)
    console.log(
      r.path.padEnd(routeColumn) +
        r.kind.padEnd(8) +
        r.js.toFixed(1).padStart(8) +
        r.css.toFixed(1).padStart(8) +
        (judged ? String(budget) : 'below').padStart(8) +
        (judged ? '  ' + verdict(r.js <= budget) : ''),
    )
  }
}

/** Server starts on an existing data dir, against the cold-start budget. */
async function coldStartBench() {
  const start = await coldStart()
  console.log(
    `\nServer cold start on an existing data dir: median ${start.median.toFixed(0)} ms ` +
      `(runs ${start.runs.map((r) => r.toFixed(0)).join(', ')}; first start with migrations and seed ` +
      `${start.first.toFixed(0)} ms), budget ${budgets.coldStartMs} ms  ${verdict(start.median <= budgets.coldStartMs)}`,
  )
}

/** Every bench by the name that selects it (its file's name), in the order a full run takes them. */
const benches: [name: string, run: () => unknown][] = [
  ['first-load', firstLoadBench],
  ['cold-start', coldStartBench],
  ['public-pages', () => publicPagesBench(verdict, dist)],
  ['offline-reads', () => offlineReadsBench(verdict)],
  ['concurrency', () => concurrencyBench(verdict)],
  ['sign-in-attack', () => signInAttackBench(verdict)],
  ['ledger', () => ledgerBench(verdict)],
  ['jobs', () => jobsBench(verdict)],
  ['students', () => studentsBench(verdict)],
  ['students-import', () => studentsImportBench(verdict)],
  ['import-refusal', () => importRefusalBench(verdict)],
  ['fines', () => finesBench(verdict)],
  ['fee-grid', () => feeGridBench(verdict)],
  ['group-invoice', () => groupInvoiceBench(verdict)],
  ['collection', () => collectionBench(verdict)],
  ['online-payments', () => onlinePaymentsBench(verdict)],
  ['reports', () => reportsBench(verdict)],
  ['scale-out', () => scaleOutBench()],
]

// `npm run bench -- group-invoice ledger` runs those alone; no names runs every bench.
const chosen = process.argv.slice(2)
const names = benches.map(([name]) => name)
const unknown = chosen.filter((name) => !names.includes(name))
if (unknown.length) {
  console.error(`No bench named ${unknown.join(', ')}; the benches: ${names.join(', ')}`)
  process.exit(2)
}
for (const [name, run] of benches) {
  if (!chosen.length || chosen.includes(name)) await run()
}
process.exitCode = failed ? 1 : 0
