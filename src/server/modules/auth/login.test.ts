import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashStats } from '../../lib/password.ts'
import { login, signedIn } from '../../test-support/sign-in.ts'
import { addUser, adminPassword, createTestApp, jsonRequest } from '../../test-support/test-app.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

/** The passwords of the checks (scrypt) as they start; while `held` is pending, none finishes. */
const checks = vi.hoisted(() => ({
  started: [] as string[],
  held: undefined as Promise<void> | undefined,
}))
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof import('node:crypto')>()
  const scrypt = (...args: Parameters<typeof crypto.scrypt>) => {
    checks.started.push(String(args[0]))
    void Promise.resolve(checks.held).then(() => crypto.scrypt(...args))
  }
  return { ...crypto, scrypt }
})

/** A sign-in from a given client address (the socket's, as the server sees it). */
function loginFrom(t: T, address: string, body: object = {}, headers: Record<string, string> = {}) {
  return t.app.request(
    '/api/auth/login',
    jsonRequest({ username: 'admin', password: adminPassword, ...body }, headers),
    { incoming: { socket: { remoteAddress: address } } },
  )
}

const deviceCookie = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!

const expOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp

describe('sign-in', () => {
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
  async function account(password = 'owner-password-1') {
    const username = `owner${++n}`
    await addUser(t, { username, password, roles: ['viewer'] })
    return (address: string, body: object = {}, headers: Record<string, string> = {}) =>
      loginFrom(t, address, { username, password, ...body }, headers)
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

  it('serves the owner’s browser and a clean address ahead of 50 guesses from 26 failing addresses', async () => {
    const owner = await account('owner-password-7')
    const device = deviceCookie(await owner('10.7.0.2'))
    // The owner mistyped once from here: only the device cookie tells it from the flood.
    expect((await owner('10.7.0.2', { password: 'typo' })).status).toBe(401)
    const colleague = await account('colleague-password-7')
    // The flood: names that exist nowhere (no account's backoff stops them, each costs a check)
    // from 26 addresses that have each failed already.
    const flooders = Array.from({ length: 26 }, (_, i) => `10.7.1.${i}`)
    const guess = (address: string, i: number) =>
      loginFrom(t, address, { username: `nobody-7-${i}`, password: `flood-${i}` })
    for (const [i, address] of flooders.entries())
      expect((await guess(address, i)).status).toBe(401)

    // Checks are held until everyone has asked for theirs: two run, the rest wait or are refused.
    checks.started.length = 0
    let release!: () => void
    checks.held = new Promise((resolve) => (release = resolve))
    let answered = 0
    const counted = (res: Response | Promise<Response>) =>
      Promise.resolve(res).then((r) => (answered++, r))
    const flood = Array.from({ length: 50 }, (_, i) => counted(guess(flooders[i % 26]!, 26 + i)))
    const queued = () => answered + hashStats.waiting + checks.started.length
    await vi.waitFor(() => expect(queued()).toBe(50), { timeout: 20_000 })
    const ownerAnswer = counted(owner('10.7.0.2', {}, { Cookie: device }))
    const colleagueAnswer = counted(colleague('10.7.0.3'))
    await vi.waitFor(() => expect(queued()).toBe(52), { timeout: 20_000 })
    checks.held = undefined
    release()

    const [ownerRes, colleagueRes, floodAnswers] = await Promise.all([
      ownerAnswer,
      colleagueAnswer,
      Promise.all(flood),
    ])
    expect(ownerRes.status).toBe(200)
    expect(colleagueRes.status).toBe(200)
    // Of the flood's checks, only the two already running when they asked were answered first.
    const floodChecksBefore = (password: string) =>
      checks.started
        .slice(0, checks.started.indexOf(password))
        .filter((p) => p.startsWith('flood-')).length
    expect(floodChecksBefore('owner-password-7')).toBeLessThanOrEqual(2)
    expect(floodChecksBefore('colleague-password-7')).toBeLessThanOrEqual(2)
    // The flood's guesses were checked (401) or refused at once as server_busy, with Retry-After.
    const refused = floodAnswers.filter((r) => r.status === 429)
    expect(floodAnswers.length - refused.length).toBe(
      checks.started.filter((p) => p.startsWith('flood-')).length,
    )
    expect(floodAnswers.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([])
    for (const r of refused) {
      expect(await r.json()).toMatchObject({ code: 'server_busy' })
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    }
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
