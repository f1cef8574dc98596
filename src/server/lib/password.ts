import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt N=2^17, r=8, p=1 needs 128 MiB; maxmem is raised just above that.
const N = 2 ** 17
const r = 8
const p = 1
const keyLength = 32
const maxmem = 256 * 1024 * 1024

// Each derivation takes 128 MiB and a worker thread: at most two run at once, the rest wait,
// so a burst of sign-ins cannot exhaust memory or starve the database's file I/O.
const maxConcurrent = 2
let running = 0
const waiting: (() => void)[] = []

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrent) await new Promise<void>((go) => waiting.push(go))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

function derive(password: string, salt: Buffer, n = N): Promise<Buffer> {
  return withSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, keyLength, { N: n, r, p, maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  )
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt)
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rs, ps, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !salt || !hash || Number(rs) !== r || Number(ps) !== p)
    return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A password a person can type: 16 characters from an alphabet without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(length)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}
