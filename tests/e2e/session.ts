import type { APIRequestContext, BrowserContext } from '@playwright/test'

export const e2ePassword = 'e2e-admin-password'

/**
 * Signs in through the API and leaves the session in the browser exactly as the sign-in page
 * does (§3): tokens in cookies, userData in local storage.
 */
export async function signInAs(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  username: 'admin' | 'client',
) {
  const res = await request.post(`${baseURL}/api/auth/login`, {
    data: { username, password: e2ePassword, remember_me: false },
  })
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`)
  const body = (await res.json()) as {
    access_token: string
    refresh_token: string
    userData: object
  }
  await context.addCookies([
    { name: 'accessToken', value: body.access_token, url: baseURL, sameSite: 'Strict' },
    { name: 'refreshToken', value: body.refresh_token, url: baseURL, sameSite: 'Strict' },
  ])
  await context.addInitScript((data) => {
    if (!localStorage.getItem('userData')) localStorage.setItem('userData', data)
  }, JSON.stringify(body.userData))
  return body
}
