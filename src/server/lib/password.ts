import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { serverBusy } from './errors.ts'
import { FairQueue, QueueFull } from './fair-queue.ts'

/** scrypt's cost in production: N = 2^17 with r=8 needs 128 MiB per derivation. */
export const productionHashCost = 17
const r = 8
const p = 1
const keyLength = 32

let cost = productionHashCost

/**
 * Sets the cost of new hashes (PASSWORD_HASH_COST): tests run with a low one. Existing hashes
 * keep the cost they were made with, since it is stored in them.
 */
export function setPasswordHashCost(log2N: number): void {
  cost = log2N
}

/**
 * Which waiting room a check queues in, served in this order: `trusted` (a browser that signed
 * in to the account before, or no sign-in at all: a signed-in user's own change), `clean` (an
 * address with no recent failures), `untrusted` (the rest). So a flood from failing addresses,
 * however many, fills only the last room and the others are served ahead of it.
 */
export type CheckLane = 'trusted' | 'clean' | 'untrusted'

// Each derivation takes up to 128 MiB and a worker thread: two run at once, the rest wait in
// their lane, in turns per caller (a client's address for sign-ins), so one client sending
// hundreds of guesses delays nobody else by more than a derivation or two. Past the bounds it
// is refused at once: waiting would only hold memory and sockets.
const queue = new FairQueue<CheckLane>({
  maxRunning: 2,
  maxPerKey: 2,
  maxWaiting: { trusted: 16, clean: 16, untrusted: 16 },
})

/** Derivations run by this process (what sign-ins cost) and waiting: for tests and diagnostics. */
export const hashStats = {
  derivations: 0,
  get waiting() {
    return queue.waiting
  },
}

async function derive(password: string, salt: Buffer, log2N: number, opts: HashCaller) {
  try {
    return await queue.run(
      // Without a caller, each derivation is its own: no share per key limits it.
      opts.caller ?? {},
      opts.lane ?? 'trusted',
      () =>
        new Promise<Buffer>((resolve, reject) => {
          hashStats.derivations++
          const N = 2 ** log2N
          // maxmem just above what this cost needs (128 · N · r bytes).
          const maxmem = 128 * N * r + 1024 * 1024
          scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (err, key) =>
            err ? reject(err) : resolve(key),
          )
        }),
    )
  } catch (err) {
    if (err instanceof QueueFull) throw serverBusy(err.scope === 'key' ? 1 : 3)
    throw err
  }
}

/** Who asks for a derivation (a client's address; waiting is fair between callers), in which lane. */
interface HashCaller {
  caller?: string
  lane?: CheckLane
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(
  password: string,
  opts: HashCaller & { cost?: number } = {},
): Promise<string> {
  const log2N = opts.cost ?? cost
  const salt = randomBytes(16)
  const key = await derive(password, salt, log2N, opts)
  return ['scrypt', 2 ** log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

const parse = (stored: string) => {
  const [scheme, n, rs, ps, salt, hash] = stored.split('$')
  const log2N = Math.log2(Number(n))
  if (scheme !== 'scrypt' || !salt || !hash || Number(rs) !== r || Number(ps) !== p) return
  if (!Number.isInteger(log2N) || log2N < 1 || log2N > 20) return
  return { log2N, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') }
}

export async function verifyPassword(
  password: string,
  stored: string,
  opts: HashCaller = {},
): Promise<boolean> {
  const parsed = parse(stored)
  if (!parsed) return false
  const actual = await derive(password, parsed.salt, parsed.log2N, opts)
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash)
}

let dummy: Promise<string> | undefined

/**
 * Spends what checking a real user's password costs, for a name that matches no user, so the
 * answer's timing does not tell which names exist. Made at the current cost on first use.
 */
export async function verifyAgainstNobody(password: string, opts: HashCaller = {}) {
  dummy ??= hashPassword(generatePassword())
  await verifyPassword(password, await dummy, opts)
  return false
}

/** A password a person can type: 16 characters from an alphabet without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(length)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}
