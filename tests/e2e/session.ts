import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'

export const e2ePassword = 'e2e-admin-password'

/** The demo admin's bearer header, for arranging data through the API. */
export async function adminHeaders(request: APIRequestContext, baseURL: string) {
  const res = await request.post(`${baseURL}/api/auth/login`, {
    data: { username: 'admin', password: e2ePassword },
  })
  const { access_token } = (await res.json()) as { access_token: string }
  return { Authorization: `Bearer ${access_token}` }
}

/** Signs in on the sign-in page the browser shows, as a user does. */
export async function signInWithForm(page: Page, username: string, password: string) {
  await page.getByLabel('Username or email').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Signs in through the API and leaves the session in the browser exactly as the sign-in page
 * does (§3): tokens in cookies, userData in local storage.
 */
export async function signInAs(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  username: string,
  password = e2ePassword,
) {
  const res = await request.post(`${baseURL}/api/auth/login`, {
    data: { username, password, remember_me: false },
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

/**
 * A staff user with one of the institute's roles, created by the admin through the API and
 * past their first-password step, ready for `signInAs`.
 */
export async function staffUser(
  request: APIRequestContext,
  baseURL: string,
  user: { username: string; fullName: string; role: string; password: string },
) {
  const login = async (username: string, password: string) => {
    const res = await request.post(`${baseURL}/api/auth/login`, { data: { username, password } })
    return ((await res.json()) as { access_token: string }).access_token
  }
  const admin = { Authorization: `Bearer ${await login('admin', e2ePassword)}` }
  const options = await request.get(`${baseURL}/api/access/users/role-options`, { headers: admin })
  const { data } = (await options.json()) as { data: { id: string; name: string }[] }
  const role = data.find((r) => r.name === user.role)
  if (!role) throw new Error(`no role ${user.role}`)
  const temporary = `${user.password}-temporary`
  const created = await request.post(`${baseURL}/api/access/users`, {
    headers: admin,
    data: {
      username: user.username,
      fullName: user.fullName,
      password: temporary,
      roleIds: [role.id],
    },
  })
  if (!created.ok()) throw new Error(`creating ${user.username}: ${created.status()}`)
  const own = await request.post(`${baseURL}/api/auth/new-user-password-reset`, {
    headers: { Authorization: `Bearer ${await login(user.username, temporary)}` },
    data: { password: user.password, password_confirmation: user.password },
  })
  if (!own.ok()) throw new Error(`first password of ${user.username}: ${own.status()}`)
}
