import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.ts'

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
