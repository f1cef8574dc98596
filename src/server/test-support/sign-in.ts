// Sign-ins as the demo admin, for the auth suites.
import { expect } from 'vitest'
import type { LoginResponse } from '../../shared/schemas/auth.ts'
import { adminPassword, jsonRequest, type TestApp } from './test-app.ts'

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
