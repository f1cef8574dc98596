import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResponse } from '../../../shared/schemas/auth.ts'
import {
  addUser,
  adminPassword,
  bearer,
  createTestApp,
  jsonRequest,
} from '../../test-support/test-app.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

async function signIn(t: T, username: string, password: string) {
  const res = await t.app.request('/api/auth/login', jsonRequest({ username, password }))
  expect(res.status).toBe(200)
  return (await res.json()) as LoginResponse
}

const post = (t: T, path: string, token: string, body: unknown) =>
  t.app.request(`/api/auth/${path}`, jsonRequest(body, { Authorization: `Bearer ${token}` }))

describe('changing one’s password', () => {
  let t: T
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.database.close())

  it('needs the current password, a good new one and its confirmation', async () => {
    const { access_token } = await signIn(t, 'admin', adminPassword)
    const errorsOf = async (body: object) => {
      const r = await post(t, 'user-password-update', access_token, body)
      expect(r.status).toBe(422)
      return ((await r.json()) as { errors: Record<string, string[]> }).errors
    }
    expect(
      await errorsOf({
        current_password: 'wrong',
        password: 'new-password-9',
        password_confirmation: 'new-password-9',
      }),
    ).toEqual({ current_password: ['The current password is not correct.'] })
    expect(
      await errorsOf({
        current_password: adminPassword,
        password: 'qwerty123',
        password_confirmation: 'qwerty123',
      }),
    ).toHaveProperty('password')
    expect(
      await errorsOf({
        current_password: adminPassword,
        password: 'new-password-9',
        password_confirmation: 'other',
      }),
    ).toHaveProperty('password_confirmation')

    const ok = await post(t, 'user-password-update', access_token, {
      current_password: adminPassword,
      password: 'new-password-9',
      password_confirmation: 'new-password-9',
    })
    expect(ok.status).toBe(200)
    await signIn(t, 'admin', 'new-password-9')
  })

  it('signs out the other devices, keeps this one, and limits guesses of the current password', async () => {
    const here = await signIn(t, 'admin', 'new-password-9')
    const elsewhere = await signIn(t, 'admin', 'new-password-9')
    const changed = await post(t, 'user-password-update', here.access_token, {
      current_password: 'new-password-9',
      password: 'newer-password-10',
      password_confirmation: 'newer-password-10',
    })
    expect(changed.status).toBe(200)
    expect((await t.app.request('/api/auth/user', bearer(here.access_token))).status).toBe(200)
    expect((await t.app.request('/api/auth/user', bearer(elsewhere.access_token))).status).toBe(401)

    const guess = (i: number) =>
      post(t, 'user-password-update', here.access_token, {
        current_password: `guess-${i}`,
        password: 'whatever-password-11',
        password_confirmation: 'whatever-password-11',
      })
    for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(422)
    expect((await guess(5)).status).toBe(429)
  })

  it('is refused without a session', async () => {
    const res = await t.app.request(
      '/api/auth/user-password-update',
      jsonRequest({ current_password: 'x', password: 'y', password_confirmation: 'y' }),
    )
    expect(res.status).toBe(401)
  })
})

describe('a user created by an admin', () => {
  let t: T
  beforeAll(async () => {
    t = await createTestApp()
    await addUser(t, { username: 'newbie', password: 'temporary-pass-1', mustChangePassword: true })
  })
  afterAll(() => t.database.close())

  it('must set a new password before doing anything else', async () => {
    const { access_token, userData } = await signIn(t, 'newbie', 'temporary-pass-1')
    expect(userData.mustChangePassword).toBe(true)
    const blocked = await t.app.request('/api/auth/sessions', bearer(access_token))
    expect(blocked.status).toBe(403)
    expect(((await blocked.json()) as { code: string }).code).toBe('password_change_required')
    expect((await t.app.request('/api/auth/user', bearer(access_token))).status).toBe(200)

    const same = await post(t, 'new-user-password-reset', access_token, {
      password: 'temporary-pass-1',
      password_confirmation: 'temporary-pass-1',
    })
    expect(same.status).toBe(422)

    const set = await post(t, 'new-user-password-reset', access_token, {
      password: 'my-own-password-7',
      password_confirmation: 'my-own-password-7',
    })
    expect(set.status).toBe(200)
    expect(((await set.json()) as LoginResponse).userData.mustChangePassword).toBe(false)
    expect((await t.app.request('/api/auth/sessions', bearer(access_token))).status).toBe(200)

    const again = await post(t, 'new-user-password-reset', access_token, {
      password: 'another-password-8',
      password_confirmation: 'another-password-8',
    })
    expect(again.status).toBe(409)
  })
})
