import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Role } from '../../../shared/schemas/access.ts'
import type { UserData } from '../../../shared/schemas/auth-session.ts'
import { auditLog } from '../../db/schema/access.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'

describe('roles and permissions', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const roleNamed = async (name: string) => {
    const { data } = (await (await asUser(t, admin, 'GET', '/api/access/roles')).json()) as {
      data: Role[]
    }
    return data.find((r) => r.name === name)!
  }

  it('lists the institute’s roles with their rules and how many users hold them', async () => {
    const adminRole = await roleNamed('admin')
    expect(adminRole).toMatchObject({ isSystem: true, managesAll: true, userCount: 1, rules: [] })
    const cashier = await roleNamed('cashier')
    expect(cashier.rules).toContainEqual({ action: 'manage', subject: 'payment-collection' })
    expect(cashier).toMatchObject({ isSystem: false, userCount: 0, homeRoute: '/dashboard' })
  })

  it('creates a role, refusing unknown permissions, a clashing name and an unreachable home', async () => {
    const post = (body: object) =>
      asUser(t, admin, 'POST', '/api/access/roles', {
        name: 'auditor',
        homeRoute: '/audits',
        rules: [{ action: 'read', subject: 'audits' }],
        ...body,
      })
    const unknown = await post({ rules: [{ action: 'read', subject: 'spaceships' }] })
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toHaveProperty('errors', {
      'rules.0.subject': ['Unknown permission.'],
    })
    const unreachable = await post({ homeRoute: '/coa' })
    expect(unreachable.status).toBe(422)
    expect(((await unreachable.json()) as { errors: object }).errors).toHaveProperty('homeRoute')
    const clash = await post({ name: 'cashier' })
    expect(await clash.json()).toMatchObject({ errors: { name: ['Another role has this name.'] } })
    const created = await post({})
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ name: 'auditor', userCount: 0 })
  })

  it('applies a permission change from the users’ very next request, audited', async () => {
    await addUser(t, { username: 'aud1', password: 'auditor-pass-1', roles: ['auditor'] })
    const token = await signIn(t, 'aud1', 'auditor-pass-1')
    expect((await asUser(t, token, 'GET', '/api/access/audits')).status).toBe(200)
    const role = await roleNamed('auditor')
    const res = await asUser(t, admin, 'PATCH', `/api/access/roles/${role.id}`, {
      homeRoute: '/dashboard',
      rules: [{ action: 'read', subject: 'dashboard' }],
    })
    expect(res.status).toBe(200)
    expect((await asUser(t, token, 'GET', '/api/access/audits')).status).toBe(403)
    const me = (await (await asUser(t, token, 'GET', '/api/auth/user')).json()) as {
      userData: UserData
    }
    expect(me.userData.ability).toEqual([
      { action: 'read', subject: 'Auth' },
      { action: 'read', subject: 'dashboard' },
    ])
    expect(me.userData.homeRoute).toBe('/dashboard')
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'permissions_changed'))
    expect(row).toMatchObject({
      area: 'access',
      entityId: role.id,
      before: { rules: ['read audits'] },
      after: { rules: ['read dashboard'] },
    })
  })

  it('keeps the admin role locked', async () => {
    const adminRole = await roleNamed('admin')
    const patch = await asUser(t, admin, 'PATCH', `/api/access/roles/${adminRole.id}`, {
      name: 'boss',
    })
    expect(patch.status).toBe(403)
    expect(await patch.json()).toMatchObject({ code: 'role_locked' })
    expect((await asUser(t, admin, 'DELETE', `/api/access/roles/${adminRole.id}`)).status).toBe(403)
  })

  it('deletes only a role nobody holds', async () => {
    const auditor = await roleNamed('auditor')
    const inUse = await asUser(t, admin, 'DELETE', `/api/access/roles/${auditor.id}`)
    expect(inUse.status).toBe(409)
    const viewer = await roleNamed('viewer')
    expect((await asUser(t, admin, 'DELETE', `/api/access/roles/${viewer.id}`)).status).toBe(200)
    expect(await roleNamed('viewer')).toBeUndefined()
  })

  it('lets nobody grant a right they do not hold', async () => {
    const accountant = await roleNamed('accountant')
    const granted = await asUser(t, admin, 'PATCH', `/api/access/roles/${accountant.id}`, {
      rules: [...accountant.rules, { action: 'manage', subject: 'oisacl-roles' }],
    })
    expect(await granted.json()).toMatchObject({ userCount: 0 })
    await addUser(t, { username: 'acc1', password: 'accountant-pass-1', roles: ['accountant'] })
    const token = await signIn(t, 'acc1', 'accountant-pass-1')
    const res = await asUser(t, token, 'POST', '/api/access/roles', {
      name: 'sneaky',
      homeRoute: '/audits',
      rules: [{ action: 'read', subject: 'audits' }],
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'grant_exceeds_own' })
  })

  it('lets a manager change only roles within their own rights', async () => {
    // acc1 manages roles (given above) and accounting, but not admission.
    const token = await signIn(t, 'acc1', 'accountant-pass-1')
    const officer = await roleNamed('admission officer')
    const beyond = [
      { rules: [{ action: 'read', subject: 'dashboard' }] },
      { rules: [...officer.rules, { action: 'read', subject: 'dashboard' }] },
      { name: 'renamed officer' },
      { homeRoute: '/admission/forms' },
    ]
    for (const body of beyond) {
      const res = await asUser(t, token, 'PATCH', `/api/access/roles/${officer.id}`, body)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({
        message: 'This role holds rights you do not have: ask someone who has them.',
        code: 'role_exceeds_own',
      })
    }
    const deleted = await asUser(t, token, 'DELETE', `/api/access/roles/${officer.id}`)
    expect(deleted.status).toBe(403)
    expect(await deleted.json()).toMatchObject({ code: 'role_exceeds_own' })
    expect(await roleNamed('admission officer')).toEqual(officer)
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, officer.id))
    expect(audited).toEqual([])

    // Within their rights, the same manager edits and deletes freely.
    const created = await asUser(t, token, 'POST', '/api/access/roles', {
      name: 'ledger clerk',
      homeRoute: '/dashboard',
      rules: [
        { action: 'read', subject: 'dashboard' },
        { action: 'manage', subject: 'getVouchers' },
      ],
    })
    expect(created.status).toBe(201)
    const clerk = (await created.json()) as Role
    const stripped = await asUser(t, token, 'PATCH', `/api/access/roles/${clerk.id}`, {
      rules: [{ action: 'read', subject: 'dashboard' }],
    })
    expect(stripped.status).toBe(200)
    expect((await asUser(t, token, 'DELETE', `/api/access/roles/${clerk.id}`)).status).toBe(200)
  })
})
