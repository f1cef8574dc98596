import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { routeAccess, type RouteAccess } from '../src/shared/permissions/route-access.ts'
import { admissionPageBench } from './admission-page.ts'
import { budgets } from './budgets.ts'
import { concurrencyBench } from './concurrency.ts'
import { ledgerBench } from './ledger.ts'
import { offlineReadsBench } from './offline-reads.ts'
import { signInAttackBench } from './sign-in-attack.ts'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
  isEntry?: boolean
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>

/** Every file a chunk needs before it runs: itself, its static imports, their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const css of chunk.css ?? []) seen.add(css)
  for (const imp of chunk.imports ?? []) closure(imp, seen)
  return seen
}

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (bytes: number) => bytes / 1024

function routePath(key: string): string {
  const name = key.replace(/^routes\//, '').replace(/\.tsx\?tsr-split=component$/, '')
  // A trailing underscore only keeps a route file from nesting in its parent's layout.
  return name === 'index'
    ? '/'
    : '/' +
        name
          .split('.')
          .map((s) => s.replace(/_$/, ''))
          .join('/')
}

function firstLoadSizes() {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!entry) throw new Error('no entry chunk in the build manifest')
  const shell = closure(entry)
  closure('locales/en/messages.po', shell)
  const table = routeAccess as Record<string, RouteAccess>
  const isPublicPath = (path: string) => {
    const access = table[path]
    return access?.subject === 'Auth' && !access.signedIn
  }
  return Object.keys(manifest)
    .filter((k) => k.startsWith('routes/') && k.includes('tsr-split=component'))
    .map((key) => {
      const path = routePath(key)
      const files = closure(key, new Set(shell))
      // A signed-in user's first page also loads the staff strings (src/lib/i18n.ts).
      if (!isPublicPath(path)) closure('locales/en/staff.po', files)
      const js = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipSize(f), 0)
      const css = [...files].filter((f) => f.endsWith('.css')).reduce((n, f) => n + gzipSize(f), 0)
      const isPublic = isPublicPath(path)
      const budget = isPublic ? budgets.publicRouteJsGzipKb : budgets.staffRouteJsGzipKb
      return { path, kind: isPublic ? 'public' : 'staff', js: kb(js), css: kb(css), budget }
    })
    .sort((a, b) => a.path.localeCompare(b.path))
}

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
  const sorted = [...runs].sort((a, b) => a - b)
  return { first, median: sorted[Math.floor(sorted.length / 2)] ?? 0, runs }
}

let failed = false
const verdict = (ok: boolean) => {
  if (!ok) failed = true
  return ok ? 'ok' : 'OVER BUDGET'
}

console.log('First load of each route (gzip, the shell and English catalog included)')
console.log(
  'route'.padEnd(44) +
    'kind'.padEnd(8) +
    'JS KB'.padStart(8) +
    'CSS KB'.padStart(8) +
    'budget'.padStart(8),
)
for (const r of firstLoadSizes()) {
  console.log(
    r.path.padEnd(44) +
      r.kind.padEnd(8) +
      r.js.toFixed(1).padStart(8) +
      r.css.toFixed(1).padStart(8) +
      String(r.budget).padStart(8) +
      '  ' +
      verdict(r.js <= r.budget),
  )
}

const start = await coldStart()
console.log(
  `\nServer cold start on an existing data dir: median ${start.median.toFixed(0)} ms ` +
    `(runs ${start.runs.map((r) => r.toFixed(0)).join(', ')}; first start with migrations and seed ` +
    `${start.first.toFixed(0)} ms), budget ${budgets.coldStartMs} ms  ${verdict(start.median <= budgets.coldStartMs)}`,
)

await admissionPageBench(verdict)
await offlineReadsBench(verdict)
await concurrencyBench(verdict)
await signInAttackBench(verdict)
await ledgerBench(verdict)
process.exitCode = failed ? 1 : 0
