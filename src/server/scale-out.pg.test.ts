import { memoryKey } from './lib/secret-box.ts'
import { spawn, execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './db/client.ts'
import { testDatabaseUrl } from './test-support/test-app.ts'

/*
 * Many API processes on one PostgreSQL database: they migrate one at a time, and
 * `WORKERS=N` runs N of them on one port that stop cleanly on SIGTERM.
 */
describe('scaling out on PostgreSQL', () => {
  it('API processes starting together on an empty database migrate it once, one at a time', async () => {
    const url = (await testDatabaseUrl({ empty: true }))!
    const processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: 'memory://' })),
    )
    await Promise.all(processes.map((p) => p.migrate()))
    for (const p of processes) expect(await p.pendingMigrations()).toBe(0)
    const applied = (await processes[0]!.db.execute(
      sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number; hashes: number }[] }
    expect(applied.rows[0]!.n).toBe(applied.rows[0]!.hashes)
    await Promise.all(processes.map((p) => p.close()))
  })

  it('WORKERS=2 serves one port from two processes and stops them all on SIGTERM', async () => {
    const url = (await testDatabaseUrl())!
    const port = 4700 + Math.floor(Math.random() * 200)
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: url,
        // The key the test databases' merchant secrets are sealed with.
        MERCHANT_KEY: memoryKey.toString('hex'),
        WORKERS: '2',
        PORT: String(port),
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        PASSWORD_HASH_COST: '10',
        ADMIN_PASSWORD: 'cluster-admin-password',
      },
      stdio: 'ignore',
    })
    try {
      for (;;) {
        const ready = await fetch(`http://localhost:${port}/api/ready`).then(
          (r) => r.status === 200,
          () => false,
        )
        if (ready) break
        expect(child.exitCode).toBeNull()
        await new Promise((r) => setTimeout(r, 200))
      }
      // The API processes among the child processes (tsx may run an esbuild service too).
      const workers = execFileSync('ps', ['--ppid', String(child.pid), '-o', 'args='], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((l) => l.includes('src/server/main.ts'))
      expect(workers).toHaveLength(2)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`http://localhost:${port}/api/health`)),
      )
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200))
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 120_000)
})
