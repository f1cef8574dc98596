import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { StaffUser } from '../../../shared/schemas/access.ts'
import { auditLog, roles } from '../../db/schema/access.ts'
import {
  addInstitute,
  addUser,
  adminPassword,
  asUser,
  jsonRequest,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'

describe('staff users', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const roleId = async (name: string) =>
    (await t.database.db.select().from(roles).where(eq(roles.name, name)))[0]!.id

  const create = (token: string, body: object) =>
    asUser(t, token, 'POST', '/api/access/users', {
      username: 'cash1',
      fullName: 'Cash One',
      email: 'cash1@example.com',
      phone: '',
      password: 'counter-temp-2026',
      ...body,
    })

  it('creates a user who must choose a password at first sign-in, audited', async () => {
    const res = await create(admin, { roleIds: [await roleId('cashier')] })
    expect(res.status).toBe(201)
    const user = (await res.json()) as StaffUser
    expect(user).toMatchObject({
      username: 'cash1',
      phone: null,
      status: 'active',
      mustChangePassword: true,
      roles: [{ name: 'cashier' }],
    })
    const token = await signIn(t, 'cash1', 'counter-temp-2026')
    const blocked = await asUser(t, token, 'GET', '/api/access/users')
    expect(blocked.status).toBe(403)
    expect(await blocked.json()).toMatchObject({ code: 'password_change_required' })
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))
    expect(row).toMatchObject({ area: 'access', action: 'create', entity: 'user' })
    expect(JSON.stringify(row!.after)).not.toContain('counter-temp')
  })

  it('names every field that is missing or wrong', async () => {
    const res = await asUser(t, admin, 'POST', '/api/access/users', {
      username: 'x',
      email: 'not-an-email',
      phone: 'call me',
      password: 'short',
      roleIds: [],
    })
    expect(res.status).toBe(422)
    const { errors } = (await res.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(errors).sort()).toEqual(
      ['email', 'fullName', 'password', 'phone', 'roleIds', 'username'].sort(),
    )
  })

  it('refuses a list, a string or null where the changes of a user are expected, unaudited', async () => {
    const cash1 = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'create'))
    const userId = cash1[0]!.entityId!
    for (const body of ['[]', '[{"fullName":"Listed"}]', '"x"', 'null', '7']) {
      const res = await t.app.request(`/api/access/users/${userId}`, {
        ...jsonRequest(body, { Authorization: `Bearer ${admin}` }),
        method: 'PATCH',
      })
      expect(res.status, body).toBe(422)
      expect(await res.json(), body).toMatchObject({ errors: { _: ['Expected a JSON object.'] } })
    }
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, userId))
    expect(audited.map((r) => r.action)).not.toContain('update')
  })

  it('refuses a taken username, a common password and another institute’s role', async () => {
    const cashier = await roleId('cashier')
    const taken = await create(admin, { username: 'ADMIN', email: null, roleIds: [cashier] })
    expect(taken.status).toBe(422)
    expect(await taken.json()).toMatchObject({ errors: { username: ['This username is taken.'] } })
    const common = await create(admin, {
      username: 'cc2',
      email: null,
      password: 'password123',
      roleIds: [cashier],
    })
    expect(((await common.json()) as { errors: object }).errors).toHaveProperty('password')
    const other = await addInstitute(t, 'other-school')
    const [foreignRole] = await t.database.db
      .select()
      .from(roles)
      .where(eq(roles.instituteId, other.id))
    const foreign = await create(admin, {
      username: 'cc3',
      email: null,
      roleIds: [foreignRole!.id],
    })
    expect(foreign.status).toBe(422)
    expect(await foreign.json()).toMatchObject({ errors: { roleIds: ['Unknown role.'] } })
  })

  it('lists with search, filters, sorting and paging', async () => {
    const page = async (query: string) =>
      (await (await asUser(t, admin, 'GET', `/api/access/users?${query}`)).json()) as {
        data: StaffUser[]
        total: number
      }
    const all = await page('perPage=100&sortBy=username')
    expect(all.data.map((u) => u.username)).toEqual(['admin', 'cash1', 'client'])
    expect((await page('q=CASH')).data.map((u) => u.username)).toEqual(['cash1'])
    expect((await page(`roleId=${await roleId('client')}`)).data.map((u) => u.username)).toEqual([
      'client',
    ])
    const second = await page('perPage=2&page=2&sortBy=username&sortDesc=true')
    expect(second).toMatchObject({ total: 3, data: [{ username: 'admin' }] })
    const bad = await asUser(t, admin, 'GET', '/api/access/users?perPage=1000&page=zero')
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'page',
      'perPage',
    ])
  })

  it('lets the client role look but not change anything', async () => {
    const client = await signIn(t, 'client', adminPassword)
    expect((await asUser(t, client, 'GET', '/api/access/users')).status).toBe(200)
    const res = await create(client, {
      username: 'cc4',
      email: null,
      roleIds: [await roleId('client')],
    })
    expect(res.status).toBe(403)
  })

  it('never lets a user give a role with more rights than their own', async () => {
    await t.database.db.transaction(async (tx) => {
      const [role] = await tx
        .insert(roles)
        .values({
          instituteId: (await tx.select().from(roles).limit(1))[0]!.instituteId,
          name: 'hr',
        })
        .returning()
      const { roleRules } = await import('../../db/schema/access.ts')
      await tx.insert(roleRules).values([
        { roleId: role!.id, action: 'manage', subject: 'ACL' },
        { roleId: role!.id, action: 'read', subject: 'dashboard' },
      ])
    })
    await addUser(t, { username: 'hr1', password: 'hr-person-pass-1', roles: ['hr'] })
    const hr = await signIn(t, 'hr1', 'hr-person-pass-1')
    const res = await create(hr, {
      username: 'boss',
      email: null,
      roleIds: [await roleId('admin')],
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'grant_exceeds_own' })
    const ok = await create(hr, { username: 'viewer1', email: null, roleIds: [await roleId('hr')] })
    expect(ok.status).toBe(201)
  })

  it('edits details and roles with a before/after audit, but not one’s own roles', async () => {
    const [cash1] = (
      (await (await asUser(t, admin, 'GET', '/api/access/users?q=cash1')).json()) as {
        data: StaffUser[]
      }
    ).data
    const res = await asUser(t, admin, 'PATCH', `/api/access/users/${cash1!.id}`, {
      fullName: 'Cashier One',
      roleIds: [await roleId('cashier'), await roleId('viewer')],
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      fullName: 'Cashier One',
      roles: [{ name: 'cashier' }, { name: 'viewer' }],
    })
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'update'))
    expect(row?.before).toMatchObject({ fullName: 'Cash One', roles: ['cashier'] })
    expect(row?.after).toMatchObject({ fullName: 'Cashier One', roles: ['cashier', 'viewer'] })

    const me = (await (await asUser(t, admin, 'GET', '/api/auth/user')).json()) as {
      userData: { id: string }
    }
    const self = await asUser(t, admin, 'PATCH', `/api/access/users/${me.userData.id}`, {
      roleIds: [await roleId('viewer')],
    })
    expect(self.status).toBe(403)
    const missing = await asUser(
      t,
      admin,
      'PATCH',
      '/api/access/users/00000000-0000-4000-8000-000000000000',
      { fullName: 'X' },
    )
    expect(missing.status).toBe(404)
  })

  it('deactivating ends the user’s sessions at once; reactivating lets them back', async () => {
    const viewer = await addUser(t, {
      username: 'v2',
      password: 'viewer-pass-22',
      roles: ['viewer'],
    })
    const token = await signIn(t, 'v2', 'viewer-pass-22')
    expect((await asUser(t, token, 'GET', '/api/auth/user')).status).toBe(200)
    const off = await asUser(t, admin, 'POST', `/api/access/users/${viewer.id}/deactivate`)
    expect(await off.json()).toMatchObject({ status: 'inactive' })
    expect((await asUser(t, token, 'GET', '/api/auth/user')).status).toBe(401)
    const refused = await t.app.request(
      '/api/auth/login',
      jsonRequest({ username: 'v2', password: 'viewer-pass-22' }),
    )
    expect(refused.status).toBe(403)
    await asUser(t, admin, 'POST', `/api/access/users/${viewer.id}/reactivate`)
    expect(await signIn(t, 'v2', 'viewer-pass-22')).toBeTruthy()
    const me = (await (await asUser(t, admin, 'GET', '/api/auth/user')).json()) as {
      userData: { id: string }
    }
    expect(
      (await asUser(t, admin, 'POST', `/api/access/users/${me.userData.id}/deactivate`)).status,
    ).toBe(403)
  })

  it('a password reset signs the user out, tells them, and asks for a new password', async () => {
    const user = await addUser(t, { username: 'v3', password: 'viewer-pass-33', roles: ['viewer'] })
    const token = await signIn(t, 'v3', 'viewer-pass-33')
    const res = await asUser(t, admin, 'POST', `/api/access/users/${user.id}/password-reset`, {
      password: 'temporary-pass-77',
    })
    expect(await res.json()).toMatchObject({ mustChangePassword: true })
    expect((await asUser(t, token, 'GET', '/api/auth/user')).status).toBe(401)
    expect(await t.lastMessageTo('v3@example.com')).toContain('reset the password of v3')
    const again = await signIn(t, 'v3', 'temporary-pass-77')
    const blocked = await asUser(t, again, 'GET', '/api/access/users')
    expect(await blocked.json()).toMatchObject({ code: 'password_change_required' })
  })

  it('offers the institute’s roles to choose from', async () => {
    const res = await asUser(t, admin, 'GET', '/api/access/users/role-options')
    const { data } = (await res.json()) as { data: { name: string }[] }
    expect(data.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'admin',
        'accountant',
        'admission officer',
        'cashier',
        'client',
        'viewer',
      ]),
    )
    expect(data.map((r) => r.name)).not.toContain('hr-other')
  })

  it('lets nobody take over a user holding rights they lack', async () => {
    const hr = await signIn(t, 'hr1', 'hr-person-pass-1')
    const { data } = (await (
      await asUser(t, admin, 'GET', '/api/access/users?perPage=100')
    ).json()) as {
      data: StaffUser[]
    }
    const byName = (name: string) => data.find((u) => u.username === name)!.id
    for (const [method, path, body] of [
      [
        'POST',
        `/api/access/users/${byName('admin')}/password-reset`,
        { password: 'taken-over-pass-1' },
      ],
      ['PATCH', `/api/access/users/${byName('admin')}`, { email: 'hr1-now@example.com' }],
      ['POST', `/api/access/users/${byName('admin')}/deactivate`, undefined],
      ['POST', `/api/access/users/${byName('cash1')}/deactivate`, undefined],
    ] as const) {
      const res = await asUser(t, hr, method, path, body)
      expect(res.status, path).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'target_exceeds_own' })
    }
    // A colleague with no more rights than their own is theirs to manage.
    const res = await asUser(t, hr, 'PATCH', `/api/access/users/${byName('viewer1')}`, {
      fullName: 'Viewer Renamed',
    })
    expect(res.status).toBe(200)
  })

  it('counts a sign-in only when the user signs in, not when an admin acts as them', async () => {
    const quiet = await addUser(t, {
      username: 'quiet1',
      password: 'quiet-pass-11',
      roles: ['viewer'],
    })
    await asUser(t, admin, 'POST', '/api/auth/impersonate', { user_id: quiet.id })
    const lastSignIn = async () =>
      ((await (await asUser(t, admin, 'GET', `/api/access/users/${quiet.id}`)).json()) as StaffUser)
        .lastSignInAt
    expect(await lastSignIn()).toBeNull()
    await signIn(t, 'quiet1', 'quiet-pass-11')
    expect(await lastSignIn()).not.toBeNull()
  })

  it('answers a username or email taken in another institute as one taken here, and nothing more', async () => {
    const cashier = await roleId('cashier')
    await addUser(t, { username: 'far-away', password: 'far-away-pass-1', otherInstitute: true })
    const audited = (await t.database.db.select().from(auditLog)).length
    const here = await create(admin, {
      username: 'CLIENT',
      email: 'client@demo-school.example',
      roleIds: [cashier],
    })
    const there = await create(admin, {
      username: 'Far-Away',
      email: 'far-away@example.com',
      roleIds: [cashier],
    })
    expect(there.status).toBe(422)
    expect(there.status).toBe(here.status)
    const body = await there.text()
    expect(body).toBe(await here.text())
    expect(JSON.parse(body)).toMatchObject({
      errors: {
        username: ['This username is taken.'],
        email: ['Another account uses this email address.'],
      },
    })
    // A change to an existing user answers alike.
    const [client] = (
      (await (await asUser(t, admin, 'GET', '/api/access/users?q=client')).json()) as {
        data: StaffUser[]
      }
    ).data
    const renamed = await asUser(t, admin, 'PATCH', `/api/access/users/${client!.id}`, {
      username: 'far-away',
    })
    expect(await renamed.json()).toMatchObject({
      errors: { username: ['This username is taken.'] },
    })
    // Nothing about the refusals is written down, let alone the other institute.
    expect(await t.database.db.select().from(auditLog)).toHaveLength(audited)
  })

  it('gives one staff user a bounded number of "taken" answers, so the form cannot list names', async () => {
    const prober = await addUser(t, {
      username: 'prober',
      password: 'prober-pass-2026',
      roles: ['admin'],
    })
    const token = await signIn(t, prober.username, 'prober-pass-2026')
    const cashier = await roleId('cashier')
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const r = await create(token, { username: 'admin', email: null, roleIds: [cashier] })
      statuses.push(r.status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true)
    expect(statuses[20]).toBe(429)
    // A free name is no answer either while the limit lasts: it says nothing about any name.
    const free = await create(token, { username: 'free-name', email: null, roleIds: [cashier] })
    expect(free.status).toBe(429)
    expect(Number(free.headers.get('retry-after'))).toBeGreaterThan(0)
    // Others are not held back.
    expect(
      (await create(admin, { username: 'cash9', email: null, roleIds: [cashier] })).status,
    ).toBe(201)
  })
})
