import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
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
  // BENCH_CPU_PROF_DIR=dir: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF_DIR
  const args = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), '--import', 'tsx']
  const child = spawn(process.execPath, [...args, 'src/server/main.ts'], {
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

/**
 * The demo admin signed in on a bench server, and a poster of small counter receipts (cash
 * against tuition fees, see default-chart.ts), each under its own Idempotency-Key.
 */
export async function benchAdmin(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: benchAdminPassword }),
  })
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`)
  const { access_token: token } = (await login.json()) as { access_token: string }
  const headers = { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' }
  const chart = (await (await fetch(`${url}/api/accounting/accounts`, { headers })).json()) as {
    data: { id: string; glCode: string }[]
  }
  const leaf = (code: string) => {
    const account = chart.data.find((a) => a.glCode === code)
    if (!account) throw new Error(`the chart has no account ${code}`)
    return account.id
  }
  const cash = leaf('1010101001')
  const tuition = leaf('4010101001')
  const postReceipt = () =>
    fetch(`${url}/api/accounting/vouchers`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        type: 'receipt',
        // Today in the server's calendar (the demo institute's books are open for it).
        date: new Date().toISOString().slice(0, 10),
        narration: 'Tuition fee',
        lines: [
          { accountId: cash, debit: 150_000 },
          { accountId: tuition, credit: 150_000 },
        ],
      }),
    })
  return { headers, cash, postReceipt }
}
