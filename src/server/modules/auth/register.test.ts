import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResponse } from '../../../shared/schemas/auth.ts'
import {
  addUser,
  bearer,
  createTestApp,
  jsonRequest,
  type TestApp,
} from '../../test-support/test-app.ts'

describe('registration', () => {
  it('is off by default', async () => {
    const t = await createTestApp()
    expect(await (await t.app.request('/api/auth/register')).json()).toEqual({ enabled: false })
    const res = await t.app.request(
      '/api/auth/register',
      jsonRequest({
        institute_name: 'X',
        full_name: 'Y',
        username: 'z',
        email: 'z@z.example',
        password: 'long-password-1',
      }),
    )
    expect(res.status).toBe(403)
    await t.database.close()
  })

  it('creates an institute and its admin, with the spec’s messages for bad input', async () => {
    const t = await createTestApp({ signupEnabled: true })
    const register = (body: object) => t.app.request('/api/auth/register', jsonRequest(body))
    const missing = await register({
      institute_name: 'New School',
      full_name: 'Nia',
      password: 'long-password-1',
    })
    expect(missing.status).toBe(422)
    const { errors } = (await missing.json()) as { errors: Record<string, string[]> }
    expect(errors.email).toEqual(['Please enter your email.'])
    expect(errors.username).toEqual(['Please enter your username.'])

    const taken = await register({
      institute_name: 'New School',
      full_name: 'Nia',
      username: 'admin',
      email: 'admin@demo-school.example',
      password: 'long-password-1',
    })
    expect(((await taken.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      email: ['This email is already in use.'],
      username: ['This username is already in use.'],
    })

    const ok = await register({
      institute_name: 'New School',
      full_name: 'Nia Owner',
      username: 'nia',
      email: 'nia@new-school.example',
      password: 'long-password-1',
    })
    expect(ok.status).toBe(201)
    const body = (await ok.json()) as LoginResponse
    expect(body.userData).toMatchObject({ username: 'nia', role: 'admin' })
    expect((await t.app.request('/api/auth/user', bearer(body.access_token))).status).toBe(200)
    await t.database.close()
  })
})

describe('registration and names taken elsewhere', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ signupEnabled: true })
  })
  afterAll(() => t.database.close())

  it('says a name is taken in §5’s words only, naming no institute, and only within its rate limit', async () => {
    await addUser(t, { username: 'far-away', password: 'far-away-pass-1', otherInstitute: true })
    const register = (username: string, email: string) =>
      t.app.request(
        '/api/auth/register',
        jsonRequest({
          institute_name: 'Probe School',
          full_name: 'Pro Be',
          username,
          email,
          password: 'long-password-1',
        }),
      )
    const taken = await register('Far-Away', 'far-away@example.com')
    expect(taken.status).toBe(422)
    expect(await taken.json()).toEqual({
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: {
        email: ['This email is already in use.'],
        username: ['This username is already in use.'],
      },
      fields: { email: [{ code: 'email_in_use' }], username: [{ code: 'username_in_use' }] },
    })
    // Ten requests an hour from one address: the eleventh answers nothing about the name.
    const statuses: number[] = []
    for (let i = 0; i < 9; i++) {
      statuses.push((await register('far-away', 'far-away@example.com')).status)
    }
    expect(statuses.every((s) => s === 422)).toBe(true)
    const limited = await register('far-away', 'far-away@example.com')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
