import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { budgets } from './budgets.ts'
import { benchAdminPassword, startServer } from './server.ts'

/** Wrong passwords one address sends at once, as the security review did. */
const attackSize = 200

/** A sign-in sent from a given loopback address (the server tells clients apart by address). */
function signIn(url: string, from: string, username: string, password: string) {
  const started = performance.now()
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const body = JSON.stringify({ username, password })
    const req = request(
      `${url}/api/auth/login`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The most memory the server process has held (VmHWM), in MiB. */
const peakMemoryMib = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

/**
 * One address sends 200 wrong passwords for `admin` at once (production hash cost); meanwhile
 * the owner signs in from another address. Figures: the owner's sign-in with and without the
 * attack, what the attacker's requests got, and the server's peak memory.
 */
export async function signInAttackBench(verdict: (ok: boolean) => string) {
  const server = await startServer(4393, 'attack', { HOST: '127.0.0.1' })
  try {
    const owner = () => signIn(server.url, '127.0.0.2', 'admin', benchAdminPassword)
    await owner()
    const quiet = await owner()
    const attack = Promise.all(
      Array.from({ length: attackSize }, (_, i) =>
        signIn(server.url, '127.0.0.1', 'admin', `wrong-guess-${i}`),
      ),
    )
    const during = await owner()
    const answers = await attack
    const count = (status: number) => answers.filter((a) => a.status === status).length
    const slowest = Math.max(...answers.map((a) => a.ms))
    console.log(
      `\nSign-in under attack (${attackSize} wrong passwords at once from one address, production hash cost)`,
    )
    console.log(
      `  owner's sign-in from another address: ${during.ms.toFixed(0)} ms (status ${during.status}; ` +
        `${quiet.ms.toFixed(0)} ms without the attack), budget ${budgets.signInUnderAttackMs} ms  ` +
        verdict(during.status === 200 && during.ms <= budgets.signInUnderAttackMs),
    )
    console.log(
      `  attacker: ${count(401)} passwords checked (401), ${count(429)} refused before checking (429), ` +
        `${attackSize - count(401) - count(429)} other; all answered within ${slowest.toFixed(0)} ms`,
    )
    console.log(`  server's peak memory: ${peakMemoryMib(server.pid).toFixed(0)} MiB`)
  } finally {
    await server.stop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await signInAttackBench((ok) => (ok ? 'ok' : 'OVER BUDGET'))
}
