import type { BrowserContext } from '@playwright/test'

/** An unsigned token with an `exp` claim: enough for the client, which never verifies it. */
function fakeJwt(expiresInSeconds: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp })}.signature`
}

/**
 * Puts a stored session (§3) into the browser, as sign-in leaves it, so the staff shell can be
 * tested on its own. The API would refuse these tokens; the shell pages here do not need it.
 */
export async function storeSession(
  context: BrowserContext,
  baseURL: string,
  user: { fullName: string; role: string; ability: { action: string; subject: string }[] },
) {
  await context.addCookies(
    (['accessToken', 'refreshToken'] as const).map((name) => ({
      name,
      value: fakeJwt(3600),
      url: baseURL,
      sameSite: 'Strict' as const,
    })),
  )
  const userData = { id: 'u1', username: 'tester', email: null, ...user }
  await context.addInitScript((data) => {
    if (!localStorage.getItem('userData')) localStorage.setItem('userData', data)
  }, JSON.stringify(userData))
}

export const adminUser = {
  fullName: 'Ayesha Rahman',
  role: 'admin',
  ability: [{ action: 'manage', subject: 'all' }],
}
