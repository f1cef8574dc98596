import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../../..')
const builtIndex = join(root, 'dist/index.html')

const serverSources = join(root, 'src/server')

function newestChange(path: string): number {
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  if (path === serverSources) return 0
  return Math.max(st.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))))
}

/** The client is rebuilt when there is no build yet or a client source is newer than the build. */
function buildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true
  const built = statSync(builtIndex).mtimeMs
  const sources = ['src', 'public', 'sw', 'vite.config.ts', 'lingui.config.ts', 'package.json']
  return sources.some((s) => newestChange(join(root, s)) > built)
}

if (!process.env.STATIC_DIR && buildIsStale()) {
  console.log('Building the client…')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}
await import('../main.ts')
