import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LoginResponse } from '../../../shared/schemas/auth.ts'
import type { TokenPair } from '../../../shared/schemas/auth-session.ts'
import { auditLog } from '../../db/schema/access.ts'
import { sessions, users } from '../../db/schema/auth.ts'
import { login, signedIn } from '../../test-support/sign-in.ts'
import { bearer, createTestApp, jsonRequest } from '../../test-support/test-app.ts'
import { refreshReuseGraceMs } from './session-store.ts'
import { hashToken } from './token-service.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

/** Moves the clock past the refresh grace period: a used refresh token counts as reuse. */
function afterGrace() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + refreshReuseGraceMs + 1000)
}

describe('the session', () => {
  afterEach(() => vi.useRealTimers())
  let t: T
  beforeAll(async () => {
    t = await createTestApp({ accessTokenTtl: 600 })
  })
  afterAll(() => t.database.close())

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
