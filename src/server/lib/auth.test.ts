import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../shared/schemas/access.ts'
import type { LoginResponse } from '../../shared/schemas/auth.ts'
import type { UserData } from '../../shared/schemas/auth-session.ts'
import { createApp } from '../app.ts'
import { roleRules, roles } from '../db/schema/access.ts'
import { institutes } from '../db/schema/institutes.ts'
import {
  addUser,
  adminPassword,
  asUser,
  createTestApp,
  jsonRequest,
  signIn,
  type TestApp,
} from '../test-support/test-app.ts'
import { createLogger } from './logger.ts'
import { consoleTransport } from './outbox.ts'

/**
 * The guard keeps each user's userData and ability while their auth_version stays the same.
 * Two apps on one database stand for two API processes: a change made through one must show
 * on the very next request to the other, though both answered that user before.
 */
describe('what the guard keeps about a caller', () => {
  let t: TestApp
  let other: ReturnType<typeof createApp>
  let admin: string
  beforeAll(async () => {
    t = await createTestApp()
    const quiet = consoleTransport(() => {})
    other = createApp({
      db: t.database,
      config: t.config,
      log: createLogger('silent'),
      transports: { email: quiet, sms: quiet },
    })
    admin = await signIn(t, 'admin', adminPassword)
  })
  afterAll(() => t.database.close())

  const apps = () => [t.app, other]
  /** The status each app answers, after each answered the same request twice already. */
  const warmed = async (token: string, path: string) => {
    for (const app of apps()) {
      for (let i = 0; i < 2; i++)
        expect((await asUser({ app }, token, 'GET', path)).status).toBe(200)
    }
  }
  const statuses = async (token: string, path: string) =>
    Promise.all(apps().map(async (app) => (await asUser({ app }, token, 'GET', path)).status))
  const me = async (app: TestApp['app'], token: string) =>
    ((await (await asUser({ app }, token, 'GET', '/api/auth/user')).json()) as LoginResponse)
      .userData as UserData

  const clientUser = async (username: string) => {
    const user = await addUser(t, { username, password: `${username}-pass-1`, roles: ['client'] })
    return { user, token: await signIn(t, username, `${username}-pass-1`) }
  }

  it('drops a right taken from a role on the next request, in every process', async () => {
    const created = await asUser(t, admin, 'POST', '/api/access/roles', {
      name: 'user list reader',
      homeRoute: '/access-control',
      rules: [{ action: 'read', subject: 'ACL' }],
    })
    const role = (await created.json()) as Role
    const reader = await addUser(t, { username: 'reader', password: 'reader-pass-1' })
    await asUser(t, admin, 'PATCH', `/api/access/users/${reader.id}`, { roleIds: [role.id] })
    const token = await signIn(t, 'reader', 'reader-pass-1')
    await warmed(token, '/api/access/users')

    const changed = await asUser({ app: other }, admin, 'PATCH', `/api/access/roles/${role.id}`, {
      homeRoute: '/dashboard',
      rules: [{ action: 'read', subject: 'dashboard' }],
    })
    expect(changed.status).toBe(200)
    expect(await statuses(token, '/api/access/users')).toEqual([403, 403])
    expect((await me(t.app, token)).homeRoute).toBe('/dashboard')
  })

  it('drops a right removed straight in the database, as another tool might', async () => {
    const { token } = await clientUser('client2')
    await warmed(token, '/api/access/users')
    const [client] = await t.database.db.select().from(roles).where(eq(roles.name, 'client'))
    await t.database.db.delete(roleRules).where(eq(roleRules.roleId, client!.id))
    expect(await statuses(token, '/api/access/users')).toEqual([403, 403])
    await t.database.db
      .insert(roleRules)
      .values({ roleId: client!.id, action: 'read', subject: 'ACL' })
    expect(await statuses(token, '/api/access/users')).toEqual([200, 200])
  })

  it('drops a role taken from the user', async () => {
    const { user, token } = await clientUser('client3')
    await warmed(token, '/api/access/users')
    const [viewer] = await t.database.db.select().from(roles).where(eq(roles.name, 'viewer'))
    const res = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
      roleIds: [viewer!.id],
    })
    expect(res.status).toBe(200)
    expect(await statuses(token, '/api/access/users')).toEqual([403, 403])
  })

  it('refuses a user deactivated in another process', async () => {
    const { user, token } = await clientUser('client4')
    await warmed(token, '/api/access/users')
    await asUser({ app: other }, admin, 'POST', `/api/access/users/${user.id}/deactivate`)
    expect(await statuses(token, '/api/access/users')).toEqual([401, 401])
  })

  it('refuses a session signed out in another process', async () => {
    const { token } = await clientUser('client5')
    await warmed(token, '/api/access/users')
    expect((await asUser({ app: other }, token, 'GET', '/api/auth/logout')).status).toBe(200)
    expect(await statuses(token, '/api/access/users')).toEqual([401, 401])
  })

  it('refuses the old sessions after an administrator reset the password', async () => {
    const { user, token } = await clientUser('client6')
    await warmed(token, '/api/access/users')
    await asUser({ app: other }, admin, 'POST', `/api/access/users/${user.id}/password-reset`, {
      password: 'temporary-pass-66',
    })
    expect(await statuses(token, '/api/access/users')).toEqual([401, 401])
  })

  it('shows edited details and a renamed institute in the next userData', async () => {
    const { user, token } = await clientUser('client7')
    await warmed(token, '/api/auth/user')
    await asUser({ app: other }, admin, 'PATCH', `/api/access/users/${user.id}`, {
      fullName: 'Renamed Client',
    })
    await t.database.db
      .update(institutes)
      .set({ name: 'Renamed School' })
      .where(eq(institutes.id, user.instituteId))
    for (const app of apps()) {
      expect(await me(app, token)).toMatchObject({
        fullName: 'Renamed Client',
        institute: { name: 'Renamed School' },
      })
    }
  })

  it('keeps the user’s own view and an impersonation of them apart', async () => {
    const { user, token } = await clientUser('client8')
    await warmed(token, '/api/auth/user')
    const res = await t.app.request(
      '/api/auth/impersonate',
      jsonRequest({ user_id: user.id }, { Authorization: `Bearer ${admin}` }),
    )
    const acting = ((await res.json()) as { access_token: string }).access_token
    expect((await me(t.app, acting)).impersonatedBy).toBeDefined()
    expect((await me(t.app, token)).impersonatedBy).toBeUndefined()
  })
})
