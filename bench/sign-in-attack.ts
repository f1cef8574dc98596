import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { budgets } from './budgets.ts'
import { median } from './median.ts'
import { benchAdminPassword, startServer } from './server.ts'

/** Wrong passwords one address sends at once, as the security review did. */
const attackSize = 200

/** The flood the security review sent: 50 wrong passwords in flight from 26 addresses. */
const flood = { addresses: 26, inFlight: 50, ms: 8000 }

/**
 * A sign-in sent from a given loopback address (the server tells clients apart by address),
 * with the device cookie it was given, if any.
 */
function signIn(url: string, from: string, username: string, password: string, cookie = '') {
  const started = performance.now()
  return new Promise<{ status: number; ms: number; cookie: string }>((resolve, reject) => {
    const body = JSON.stringify({ username, password })
    const req = request(
      `${url}/api/auth/login`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...(cookie && { Cookie: cookie }),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0] ?? cookie,
          }),
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
 * attack, what the attacker's requests got; then the same under a flood from many addresses
 * (manyAddressesFlood), and the server's peak memory over both.
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
    await manyAddressesFlood(server.url, verdict)
    console.log(`\n  server's peak memory over both: ${peakMemoryMib(server.pid).toFixed(0)} MiB`)
  } finally {
    await server.stop()
  }
}

/**
 * 26 addresses that have failed before keep 50 wrong passwords in flight (names that exist
 * nowhere, so no account's backoff stops them: each costs a check) while the owner signs in
 * from a browser that signed in before, from an address that mistyped once, and someone signs
 * in from an address with no failures. Figures: their sign-in times and what the flood got.
 */
async function manyAddressesFlood(url: string, verdict: (ok: boolean) => string) {
  const { cookie: device } = await signIn(url, '127.0.0.2', 'admin', benchAdminPassword)
  await signIn(url, '127.0.0.2', 'admin', 'a-typo')
  const flooders = Array.from({ length: flood.addresses }, (_, i) => `127.0.0.${10 + i}`)
  let n = 0
  const guess = (from: string) => signIn(url, from, `nobody-${++n}`, `wrong-guess-${n}`)
  for (const from of flooders) await guess(from)

  const statuses: number[] = []
  const until = performance.now() + flood.ms
  const floodDone = Promise.all(
    Array.from({ length: flood.inFlight }, async (_, i) => {
      while (performance.now() < until)
        statuses.push((await guess(flooders[i % flooders.length]!)).status)
    }),
  )
  await new Promise((r) => setTimeout(r, 1000))
  const owner: { status: number; ms: number }[] = []
  const clean: { status: number; ms: number }[] = []
  while (performance.now() < until - 1000) {
    owner.push(await signIn(url, '127.0.0.2', 'admin', benchAdminPassword, device))
    clean.push(await signIn(url, '127.0.0.3', 'admin', benchAdminPassword))
  }
  await floodDone
  const count = (status: number) => statuses.filter((s) => s === status).length
  const times = (runs: { ms: number }[]) =>
    `median ${median(runs.map((r) => r.ms)).toFixed(0)} ms, slowest ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms`
  const allIn = (runs: { status: number }[]) => runs.filter((r) => r.status === 200).length
  const ownerSlowest = Math.max(...owner.map((r) => r.ms))
  console.log(
    `\nSign-in under a flood from ${flood.addresses} failing addresses (${flood.inFlight} wrong passwords ` +
      `in flight for ${flood.ms / 1000} s, production hash cost)`,
  )
  console.log(
    `  owner's browser (device cookie): ${allIn(owner)} of ${owner.length} signed in, ${times(owner)}, ` +
      `budget ${budgets.signInUnderAttackMs} ms  ` +
      verdict(allIn(owner) === owner.length && ownerSlowest <= budgets.signInUnderAttackMs),
  )
  console.log(
    `  an address with no failures: ${allIn(clean)} of ${clean.length} signed in, ${times(clean)}`,
  )
  console.log(
    `  flood: ${count(401)} passwords checked (401), ${count(429)} refused (429), ` +
      `${statuses.length - count(401) - count(429)} other`,
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await signInAttackBench((ok) => (ok ? 'ok' : 'OVER BUDGET'))
}
