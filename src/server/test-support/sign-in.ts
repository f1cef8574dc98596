// Sign-ins as the demo admin: for the auth suites, and a suite's app with the admin signed in.
import { afterAll, beforeAll, expect } from 'vitest'
import type { LoginResponse } from '../../shared/schemas/auth.ts'
import { adminPassword, createTestApp, jsonRequest, signIn, type TestApp } from './test-app.ts'

/** A sign-in as the demo admin; `body` changes or adds to what is sent. */
export function login(t: { app: TestApp['app'] }, body: object = {}) {
  return t.app.request(
    '/api/auth/login',
    jsonRequest({ username: 'admin', password: adminPassword, ...body }),
  )
}

/** The answer of a sign-in that must succeed. */
export async function signedIn(t: { app: TestApp['app'] }, body: object = {}) {
  const res = await login(t, body)
  expect(res.status).toBe(200)
  return (await res.json()) as LoginResponse
}

/**
 * Registers the hooks of a suite run as the demo admin: a fresh app per file, the admin signed
 * in, the database closed at the end. `ready` receives both before any later hook or test runs:
 * `adminSuite((s) => ({ t, admin } = s))`.
 */
export function adminSuite(ready: (suite: { t: TestApp; admin: string }) => void) {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    ready({ t, admin: await signIn(t, 'admin', adminPassword) })
  })
  afterAll(() => t.database.close())
}
