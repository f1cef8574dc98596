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

/** Vite's build, saying every few seconds how far it got: a first build takes a minute or two. */
async function buildClient() {
  const { build } = await import('vite')
  const started = Date.now()
  const seconds = () => Math.round((Date.now() - started) / 1000)
  let step = 'compiling'
  let modules = 0
  console.log('Building the client (the first time takes a minute or two)…')
  const ticker = setInterval(
    () => console.log(`  ${step}: ${modules} modules compiled, ${seconds()} s`),
    5000,
  )
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [
        {
          name: 'start-progress',
          transform() {
            modules += 1
          },
          renderStart() {
            step = 'writing the bundles'
          },
          writeBundle() {
            step = 'preparing offline use'
          },
        },
      ],
    })
  } finally {
    clearInterval(ticker)
  }
  console.log(`Client built in ${seconds()} s.`)
}

if (!process.env.STATIC_DIR && buildIsStale()) await buildClient()
await import('../main.ts')
