import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LoginResponse, TokenPair } from '../../../shared/schemas/auth.ts'
import { auditLog } from '../../db/schema/access.ts'
import { sessions, users } from '../../db/schema/auth.ts'
import { hashStats } from '../../lib/password.ts'
import {
  addUser,
  adminPassword,
  bearer,
  createTestApp,
  jsonRequest,
} from '../../test-support/test-app.ts'
import { refreshReuseGraceMs } from './session-store.ts'
import { hashToken } from './token-service.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

async function login(t: T, body: object = {}) {
  return t.app.request(
    '/api/auth/login',
    jsonRequest({ username: 'admin', password: adminPassword, ...body }),
  )
}

/** A sign-in from a given client address (the socket's, as the server sees it). */
function loginFrom(t: T, address: string, body: object = {}, headers: Record<string, string> = {}) {
  return t.app.request(
    '/api/auth/login',
    jsonRequest({ username: 'admin', password: adminPassword, ...body }, headers),
    { incoming: { socket: { remoteAddress: address } } },
  )
}

const deviceCookie = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!

async function signedIn(t: T, body: object = {}) {
  const res = await login(t, body)
  expect(res.status).toBe(200)
  return (await res.json()) as LoginResponse
}

/** Moves the clock past the refresh grace period: a used refresh token counts as reuse. */
function afterGrace() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + refreshReuseGraceMs + 1000)
}

const expOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp

describe('sign-in and the session', () => {
  afterEach(() => vi.useRealTimers())
  let t: T
  beforeAll(async () => {
    t = await createTestApp({ accessTokenTtl: 600 })
  })
  afterAll(() => t.database.close())

  it('signs in by username or email, answering tokens and userData with the ability', async () => {
    const body = await signedIn(t)
    expect(body.status).toBe(true)
    expect(body.userData).toMatchObject({
      username: 'admin',
      fullName: 'Demo Administrator',
      email: 'admin@demo-school.example',
      role: 'admin',
      homeRoute: '/',
      mustChangePassword: false,
    })
    expect(body.userData.ability).toContainEqual({ action: 'manage', subject: 'all' })
    const now = Date.now() / 1000
    expect(expOf(body.access_token) - now).toBeGreaterThan(590)
    expect(expOf(body.access_token) - now).toBeLessThanOrEqual(600)
    expect(expOf(body.refresh_token) - now).toBeGreaterThan(7 * 24 * 3600 - 10)

    const byEmail = await login(t, { username: 'ADMIN@demo-school.example' })
    expect(byEmail.status).toBe(200)
  })

  it('keeps a remembered session for 30 days', async () => {
    const body = await signedIn(t, { remember_me: true })
    expect(expOf(body.refresh_token) - Date.now() / 1000).toBeGreaterThan(30 * 24 * 3600 - 10)
  })

  it('refuses a wrong password or an unknown user with the same 401', async () => {
    const wrong = await login(t, { password: 'not-the-password' })
    const unknown = await login(t, { username: 'nobody' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  it('names the missing fields of a malformed sign-in', async () => {
    const res = await t.app.request('/api/auth/login', jsonRequest({ remember_me: 'yes' }))
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(body.errors).sort()).toEqual(['password', 'remember_me', 'username'])
    expect((await t.app.request('/api/auth/login', jsonRequest('{nope'))).status).toBe(400)
  })

  it('answers the current user, and 401 without or with a forged token', async () => {
    const { access_token } = await signedIn(t)
    const me = await t.app.request('/api/auth/user', bearer(access_token))
    expect(me.status).toBe(200)
    expect(((await me.json()) as LoginResponse).userData.username).toBe('admin')
    expect((await t.app.request('/api/auth/user')).status).toBe(401)
    const [h, p] = access_token.split('.')
    expect((await t.app.request('/api/auth/user', bearer(`${h}.${p}.forged`))).status).toBe(401)
    // alg "none" is refused: the algorithm is pinned.
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect((await t.app.request('/api/auth/user', bearer(`${none}.${p}.`))).status).toBe(401)
  })

  it('refuses a refresh token where an access token belongs, and the reverse', async () => {
    const { access_token, refresh_token } = await signedIn(t)
    expect((await t.app.request('/api/auth/user', bearer(refresh_token))).status).toBe(401)
    const res = await t.app.request(
      '/api/auth/refresh-login',
      jsonRequest({}, { Authorization: `Bearer ${access_token}` }),
    )
    expect(res.status).toBe(401)
  })

  it('signs out for real: the access token stops working', async () => {
    const { access_token, refresh_token } = await signedIn(t)
    expect((await t.app.request('/api/auth/logout', bearer(access_token))).status).toBe(200)
    expect((await t.app.request('/api/auth/user', bearer(access_token))).status).toBe(401)
    const refresh = await t.app.request(
      '/api/auth/refresh-login',
      jsonRequest({ remember_me: false }, { Authorization: `Bearer ${refresh_token}` }),
    )
    expect(refresh.status).toBe(401)
  })

  it('refreshes in two steps, each token pair replacing the last', async () => {
    const first = await signedIn(t)
    const step1 = await t.app.request(
      '/api/auth/refresh-login',
      jsonRequest({ remember_me: false }, { Authorization: `Bearer ${first.refresh_token}` }),
    )
    expect(step1.status).toBe(200)
    const pair1 = (await step1.json()) as TokenPair
    expect(pair1.refresh_token).not.toBe(first.refresh_token)

    const step2 = await t.app.request(
      '/api/auth/refresh-token-generate',
      bearer(pair1.access_token),
    )
    expect(step2.status).toBe(200)
    const pair2 = (await step2.json()) as TokenPair
    expect((await t.app.request('/api/auth/user', bearer(pair2.access_token))).status).toBe(200)

    // The refresh token from step one was exchanged by step two: using it later is reuse.
    afterGrace()
    const again = await t.app.request(
      '/api/auth/refresh-login',
      jsonRequest({}, { Authorization: `Bearer ${pair1.refresh_token}` }),
    )
    expect(again.status).toBe(401)
  })

  it('answers a refresh sent twice at once, or retried after a lost answer, with the same successor', async () => {
    const first = await signedIn(t)
    const rotate = (token: string) =>
      t.app.request('/api/auth/refresh-login', jsonRequest({}, bearer(token).headers))
    const [a, b] = await Promise.all([rotate(first.refresh_token), rotate(first.refresh_token)])
    expect([a.status, b.status]).toEqual([200, 200])
    const pairA = (await a.json()) as TokenPair
    const pairB = (await b.json()) as TokenPair
    expect(pairB.refresh_token).toBe(pairA.refresh_token)
    // The answer of the first was lost: the retry's tokens carry the session on.
    const retried = (await (await rotate(first.refresh_token)).json()) as TokenPair
    expect(retried.refresh_token).toBe(pairA.refresh_token)
    const step2 = await t.app.request(
      '/api/auth/refresh-token-generate',
      bearer(retried.access_token),
    )
    expect(step2.status).toBe(200)
    const next = (await step2.json()) as TokenPair
    expect((await t.app.request('/api/auth/user', bearer(next.access_token))).status).toBe(200)
    // Once the successor has been used, the old token is reuse again: the session ends.
    expect((await rotate(first.refresh_token)).status).toBe(401)
    expect((await t.app.request('/api/auth/user', bearer(next.access_token))).status).toBe(401)
  })

  it('lets only the latest access token ask for the next refresh token', async () => {
    const first = await signedIn(t)
    const step1 = await t.app.request(
      '/api/auth/refresh-login',
      jsonRequest({}, { Authorization: `Bearer ${first.refresh_token}` }),
    )
    const pair1 = (await step1.json()) as TokenPair
    // The sign-in's access token is still valid, but it was issued with an exchanged refresh token.
    const stale = await t.app.request(
      '/api/auth/refresh-token-generate',
      bearer(first.access_token),
    )
    expect(stale.status).toBe(401)
    expect(
      (await t.app.request('/api/auth/refresh-token-generate', bearer(pair1.access_token))).status,
    ).toBe(200)
  })

  it('revokes the whole session family when a used refresh token comes back', async () => {
    const first = await signedIn(t)
    const rotate = (token: string) =>
      t.app.request(
        '/api/auth/refresh-login',
        jsonRequest({}, { Authorization: `Bearer ${token}` }),
      )
    const good = (await (await rotate(first.refresh_token)).json()) as TokenPair
    afterGrace()
    expect((await rotate(first.refresh_token)).status).toBe(401)
    // The thief's replay ended the session: the legitimate new tokens are dead too.
    expect((await rotate(good.refresh_token)).status).toBe(401)
    expect((await t.app.request('/api/auth/user', bearer(good.access_token))).status).toBe(401)
    const reuses = await t.database.db.$count(auditLog, eq(auditLog.action, 'refresh_token_reused'))
    expect(reuses).toBeGreaterThan(0)
  })

  it('ends a session when its user is deactivated', async () => {
    const { access_token } = await signedIn(t)
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'admin'))
    expect((await t.app.request('/api/auth/user', bearer(access_token))).status).toBe(401)
    expect((await login(t)).status).toBe(403)
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.username, 'admin'))
  })

  it('lists the sign-ins of the user and ends another one', async () => {
    const mine = await signedIn(t)
    const other = await signedIn(t)
    const list = await t.app.request('/api/auth/sessions', bearer(mine.access_token))
    const { data } = (await list.json()) as { data: { id: string; current: boolean }[] }
    expect(data.filter((s) => s.current)).toHaveLength(1)
    const otherRow = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(other.refresh_token)))
    const otherFamily = otherRow[0]!.familyId
    const del = await t.app.request(`/api/auth/sessions/${otherFamily}`, {
      method: 'DELETE',
      ...bearer(mine.access_token),
    })
    expect(del.status).toBe(200)
    expect((await t.app.request('/api/auth/user', bearer(other.access_token))).status).toBe(401)
    expect((await t.app.request('/api/auth/user', bearer(mine.access_token))).status).toBe(200)
    const bad = await t.app.request('/api/auth/sessions/not-a-uuid', {
      method: 'DELETE',
      ...bearer(mine.access_token),
    })
    expect(bad.status).toBe(404)
  })
})

describe('throttling of failed sign-ins', () => {
  // One app; each test guesses at its own account from its own addresses.
  let t: T
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.database.close())
  let n = 0
  /** A fresh account, and sign-ins to it from a given address. */
  async function account() {
    const username = `owner${++n}`
    await addUser(t, { username, password: 'owner-password-1', roles: ['viewer'] })
    return (address: string, body: object = {}, headers: Record<string, string> = {}) =>
      loginFrom(t, address, { username, password: 'owner-password-1', ...body }, headers)
  }

  it('makes each guess on an account from one address wait longer after five, with Retry-After', async () => {
    const loginFrom = await account()
    for (let i = 0; i < 5; i++)
      expect((await loginFrom('10.1.0.9', { password: `wrong-${i}` })).status).toBe(401)
    const limited = await loginFrom('10.1.0.9', { password: 'wrong-again' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' })
  })

  it('never locks the owner out: not from a clean address, not from a device that signed in before', async () => {
    const loginFrom = await account()
    const device = deviceCookie(await loginFrom('10.2.0.2'))
    // A stranger guesses from one address, then from twenty more, one guess each.
    for (let i = 0; i < 12; i++) await loginFrom('10.2.0.9', { password: `wrong-${i}` })
    for (let i = 0; i < 20; i++)
      expect((await loginFrom(`10.2.1.${i}`, { password: `wrong-${i}` })).status).toBe(401)
    // The owner's address never failed.
    expect((await loginFrom('10.2.0.3')).status).toBe(200)
    // From an address that did fail, the owner's known device still gets through.
    expect((await loginFrom('10.2.0.9')).status).toBe(429)
    expect((await loginFrom('10.2.0.9', {}, { Cookie: device })).status).toBe(200)
  })

  it('does not shut out a school network behind one address because of unknown names', async () => {
    const loginFrom = await account()
    for (let i = 0; i < 40; i++)
      expect((await loginFrom('10.3.0.5', { username: `nobody-${i}` })).status).toBe(401)
    expect((await loginFrom('10.3.0.5')).status).toBe(200)
  })

  it('gives a burst of 200 guesses from one address a handful of checks, and the owner from another waits behind none of the rest', async () => {
    const loginFrom = await account()
    // Who was answered in which order: the owner's sign-in is sent while the burst is under way.
    const order: string[] = []
    const sent = (who: string, answer: Response | Promise<Response>) =>
      Promise.resolve(answer).then((res) => (order.push(`${who}:${res.status}`), res))
    const burst = Array.from({ length: 200 }, () =>
      sent('stranger', loginFrom('10.4.0.9', { password: 'wrong' })),
    )
    const owner = await sent('owner', loginFrom('10.4.0.2'))
    const answers = await Promise.all(burst)

    expect(owner.status).toBe(200)
    // Only a few of the stranger's passwords were checked at all (counted before the check,
    // four at a time), and fewer still before the owner's: the rest were refused at once.
    expect(order.filter((o) => o === 'stranger:401').length).toBeLessThanOrEqual(5)
    expect(
      order.slice(0, order.indexOf('owner:200')).filter((o) => o === 'stranger:401').length,
    ).toBeLessThanOrEqual(4)
    expect(answers.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([])
    expect(answers.every((r) => r.status !== 429 || Number(r.headers.get('retry-after')) > 0)).toBe(
      true,
    )
  })

  it('costs the same password check for an unknown name as for a wrong password', async () => {
    const loginFrom = await account()
    await loginFrom('10.5.0.7', { username: 'warm-up' })
    const before = hashStats.derivations
    await loginFrom('10.5.0.7', { username: 'nobody-here' })
    const unknown = hashStats.derivations - before
    await loginFrom('10.5.0.7', { password: 'wrong-password' })
    expect(unknown).toBe(1)
    expect(hashStats.derivations - before - unknown).toBe(1)
  })

  it('forgets an address’s failures on the account after a successful sign-in', async () => {
    const loginFrom = await account()
    for (let i = 0; i < 4; i++) await loginFrom('10.6.0.1', { password: `wrong-${i}` })
    expect((await loginFrom('10.6.0.1')).status).toBe(200)
    for (let i = 0; i < 4; i++)
      expect((await loginFrom('10.6.0.1', { password: `wrong-${i}` })).status).toBe(401)
    expect((await loginFrom('10.6.0.1')).status).toBe(200)
  })
})
