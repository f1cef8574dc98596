/**
 * Imports that could stop the server: a 300,000-row XLSX of 20 columns (under the
 * 16 MB upload limit) sent to the app's own server process, which must refuse it for its rows
 * quickly, with its memory flat, while a health check polled all along is answered at once.
 * Run twice: the first upload starts the reader's worker thread, the second finds it waiting.
 *
 * Called by bench/run.ts; `node --import tsx bench/import-refusal.ts` runs it alone.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importMaxBytes } from '../src/shared/schemas/student-imports.ts'
import { generatedXlsx } from '../src/server/test-support/xlsx-files.ts'
import { budgets } from './budgets.ts'
import { benchAdmin, startServer } from './server.ts'

const rows = Number(process.env.IMPORT_REFUSAL_ROWS ?? 300_000)

/** The process's resident memory now, in MB. */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024

async function measure() {
  // Varied marks (a seeded LCG), so the file packs to about 12.8 MB, as a real sheet of marks does.
  let seed = 1
  const number = () => String(100 + ((seed = (seed * 48_271) % 2_147_483_647) % 900))
  const file = generatedXlsx({
    headings: [
      'Full name',
      'Guardian phone',
      'Class',
      ...Array.from({ length: 17 }, (_, i) => `Mark ${i + 1}`),
    ],
    rows,
    row: (i) => [
      `Pupil ${i}`,
      `0171${number()}${number()}`,
      'One',
      ...Array.from({ length: 17 }, number),
    ],
  })
  if (file.length > importMaxBytes) throw new Error(`the file is ${file.length} bytes, too large`)
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-import-'))
  const filePath = join(dir, 'students.xlsx')
  const answerPath = join(dir, 'answer.json')
  writeFileSync(filePath, file)
  const server = await startServer(4398, 'import-refusal')
  try {
    const { headers } = await benchAdmin(server.url)
    // The same health checks with nothing else to do: what the machine itself allows.
    let idleWorst = 0
    for (let i = 0; i < 20; i++) {
      const asked = performance.now()
      await (await fetch(`${server.url}/api/health`)).arrayBuffer()
      idleWorst = Math.max(idleWorst, performance.now() - asked)
      await new Promise((r) => setTimeout(r, 20))
    }
    const runs = []
    for (let run = 0; run < 2; run++) {
      const rssBefore = rssMb(server.pid)
      let rssPeak = rssBefore
      let healthWorst = 0
      let healthChecks = 0
      let done = false
      const started = performance.now()
      // Sent by curl, so this process's event loop does nothing but the health checks.
      const curl = spawn('curl', [
        ...['-s', '-o', answerPath, '-w', '%{http_code}'],
        ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
        ...['-F', `file=@${filePath};filename=students.xlsx`],
        `${server.url}/api/students/imports`,
      ])
      let status = ''
      curl.stdout.on('data', (chunk: Buffer) => (status += chunk.toString()))
      const upload = once(curl, 'exit').then(() => {
        const refused = performance.now() - started
        const { code } = JSON.parse(readFileSync(answerPath, 'utf8')) as { code?: string }
        done = true
        return { status: Number(status), code, refused }
      })
      while (!done) {
        const asked = performance.now()
        // A check the server drops counts as never answered.
        const answered = await fetch(`${server.url}/api/health`).then(
          (res) => res.arrayBuffer().then(() => true),
          () => false,
        )
        healthWorst = Math.max(healthWorst, answered ? performance.now() - asked : Infinity)
        healthChecks++
        rssPeak = Math.max(rssPeak, rssMb(server.pid))
        await new Promise((r) => setTimeout(r, 20))
      }
      const answer = await upload
      if (answer.status !== 422 || answer.code !== 'import_too_many_rows') {
        throw new Error(`expected 422 import_too_many_rows, got ${answer.status} ${answer.code}`)
      }
      runs.push({ ...answer, rssBefore, rssGrowth: rssPeak - rssBefore, healthWorst, healthChecks })
    }
    return { megabytes: file.length / 1024 / 1024, idleWorst, runs }
  } finally {
    await server.stop()
  }
}

/** Measures and prints against the budgets; `verdict` answers "ok" or "OVER BUDGET". */
export async function importRefusalBench(verdict: (ok: boolean) => string) {
  const { megabytes, idleWorst, runs } = await measure()
  console.log(
    `\nA ${rows.toLocaleString('en')}-row XLSX (20 columns, ${megabytes.toFixed(1)} MB) refused ` +
      `for its rows by the server, a health check polled meanwhile (idle server: slowest of 20 ` +
      `${idleWorst.toFixed(0)} ms):`,
  )
  for (const [i, r] of runs.entries()) {
    console.log(
      `  ${i === 0 ? 'first (starts the reader thread)' : 'second (thread waiting)'.padEnd(32)}: ` +
        `refused in ${r.refused.toFixed(0)} ms (budget ${budgets.importRefusalMs}) ` +
        `${verdict(r.refused <= budgets.importRefusalMs)}; RSS ${r.rssBefore.toFixed(0)} MB ` +
        `+${r.rssGrowth.toFixed(0)} MB at most (budget ${budgets.importRefusalRssGrowthMb}) ` +
        `${verdict(r.rssGrowth <= budgets.importRefusalRssGrowthMb)}; slowest of ` +
        `${r.healthChecks} health checks ${r.healthWorst.toFixed(0)} ms ` +
        `(budget ${budgets.healthDuringImportMs}) ${verdict(r.healthWorst <= budgets.healthDuringImportMs)}`,
    )
  }
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await importRefusalBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
