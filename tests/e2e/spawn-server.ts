import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect } from '@playwright/test'

const root = resolve(import.meta.dirname, '../..')

/**
 * Starts the real server as its own process (what `npm start` runs) on a data dir of its own,
 * keeping what it prints so a test can read the console outbox.
 */
export async function spawnServer(env: Record<string, string> & { PORT: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ems-e2e-server-')),
      ADMIN_PASSWORD: 'e2e-admin-password',
      PASSWORD_HASH_COST: '12',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: string[] = []
  let partial = ''
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n')
    partial = parts.pop() ?? ''
    lines.push(...parts)
  })
  const url = `http://localhost:${env.PORT}`
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    /** The last line printed so far that matches, waiting for it to appear. */
    async waitForLine(pattern: RegExp): Promise<string> {
      let found: string | undefined
      await expect.poll(() => (found = lines.findLast((l) => pattern.test(l)))).toBeDefined()
      return found!
    },
    async stop() {
      child.kill('SIGTERM')
      if (child.exitCode === null) await once(child, 'exit')
    },
  }
}
