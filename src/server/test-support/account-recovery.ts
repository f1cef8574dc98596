// The account-recovery suites' set-up: a fresh app per test, browsers that keep their cookies,
// and the codes the outbox sent.
import { afterEach, beforeEach } from 'vitest'
import { otpChallenges } from '../db/schema/auth.ts'
import { createTestApp, jsonRequest } from './test-app.ts'

export type T = Awaited<ReturnType<typeof createTestApp>>
export const email = 'admin@demo-school.example'
export const phone = '+8801700000123'

/**
 * A browser at an address: it keeps the cookies the API sets (as ky does for same-origin
 * calls) and sends them back.
 */
export function browserOf(t: T, address: string) {
  const jar = new Map<string, string>()
  return {
    async post(path: string, body: unknown, url = `http://localhost/api/auth/${path}`) {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const res = await t.app.request(url, jsonRequest(body, cookie ? { Cookie: cookie } : {}), {
        incoming: { socket: { remoteAddress: address } },
      })
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(';')
        const [name, value = ''] = pair!.split('=')
        if (value && !/max-age=0/i.test(set)) jar.set(name!, value)
        else jar.delete(name!)
      }
      return res
    },
  }
}
export type Browser = ReturnType<typeof browserOf>

/** The six digits of the last code sent to a recipient. */
export async function codeSentTo(t: T, recipient: string): Promise<string> {
  const line = await t.lastMessageTo(recipient)
  const code = /\b(\d{6})\b/.exec(line ?? '')?.[1]
  if (!code) throw new Error(`no code sent to ${recipient}: ${line}`)
  return code
}

export async function clearCodes(t: T) {
  await t.database.db.delete(otpChallenges)
}

export const otpErrors = async (res: Response) =>
  ((await res.json()) as { errors: { otp: string[] } }).errors.otp

/**
 * Registers the hooks of a recovery suite: a fresh app per test (recovery is rate limited per
 * client, and every test is one client) and the owner's browser, unless a test says otherwise.
 * `recoverySuite((s) => ({ t, owner } = s))`.
 */
export function recoverySuite(ready: (suite: { t: T; owner: Browser }) => void) {
  let t: T
  beforeEach(async () => {
    t = await createTestApp()
    ready({ t, owner: browserOf(t, '198.51.100.7') })
  })
  afterEach(() => t.database.close())
}
