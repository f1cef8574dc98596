import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/** The password of the demo admin on a bench server. */
export const benchAdminPassword = 'bench-admin-password'

/**
 * The app's server on a fresh data dir and the given port, until `stop()`; `env` adds to or
 * overrides its environment (HOST among others).
 */
export async function startServer(port: number, name: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), `ems-bench-${name}-`)),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: benchAdminPassword,
      ...env,
    },
    stdio: 'ignore',
  })
  const url = `http://${env.HOST ?? 'localhost'}:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 600) throw new Error('server did not start in 60 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      if (child.exitCode === null) await once(child, 'exit')
    },
  }
}
