import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StaffUser } from '../../../shared/schemas/access.ts'
import { auditLog } from '../../db/schema/access.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addInstitute, addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

/** Limiting a staff user to some campuses of the institute (README "Campus scope"). */
describe('staff users’ campuses', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let main: { id: string; name: string }, north: { id: string; name: string }
  let roleIds: Record<string, string>
  let n = 0

  const create = (token: string, campusIds?: string[]) =>
    asUser(t, token, 'POST', '/api/access/users', {
      username: `campus-user-${++n}`,
      fullName: `Campus User ${n}`,
      password: 'campus-temp-2026',
      roleIds: [roleIds.cashier],
      ...(campusIds && { campusIds }),
    })
  const lastAudit = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, userId))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0]!

  beforeAll(async () => {
    const res = await asUser(t, admin, 'GET', '/api/access/users/campus-options')
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: { id: string; name: string }[] }
    ;[main, north] = data.map(({ id, name }) => ({ id, name })) as [typeof main, typeof north]
    const options = await asUser(t, admin, 'GET', '/api/access/users/role-options')
    const roleList = ((await options.json()) as { data: { id: string; name: string }[] }).data
    roleIds = Object.fromEntries(roleList.map((r) => [r.name, r.id]))
  })

  it('offers the institute’s campuses, and a new user is limited to none unless chosen', async () => {
    expect(north.name).toContain('North')
    const free = await create(admin)
    expect(free.status).toBe(201)
    expect(((await free.json()) as StaffUser).campuses).toEqual([])
  })

  it('limits a user to campuses and lifts the limit, audited before and after', async () => {
    const res = await create(admin, [north.id])
    expect(res.status, await res.clone().text()).toBe(201)
    const user = (await res.json()) as StaffUser
    expect(user.campuses).toEqual([north])
    expect((await lastAudit(user.id)).after).toMatchObject({ campuses: [north.name] })

    const both = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
      campusIds: [north.id, main.id],
    })
    expect(((await both.json()) as StaffUser).campuses).toEqual([main, north])
    const lifted = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
      campusIds: [],
    })
    expect(((await lifted.json()) as StaffUser).campuses).toEqual([])
    expect(await lastAudit(user.id)).toMatchObject({
      before: { campuses: [main.name, north.name] },
      after: { campuses: [] },
    })
    // A change of details alone leaves the campuses as they are.
    await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, { campusIds: [north.id] })
    const renamed = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
      fullName: 'Renamed',
    })
    expect(((await renamed.json()) as StaffUser).campuses).toEqual([north])
  })

  it('refuses another institute’s campus, an unknown one or a malformed id, naming the field', async () => {
    const other = await addInstitute(t, 'campus-scope-other')
    const [theirs] = await t.database.db
      .select()
      .from(campuses)
      .where(eq(campuses.instituteId, other.id))
    for (const campusIds of [
      [theirs!.id],
      [north.id, '00000000-0000-4000-8000-000000000000'],
      ['north'],
    ]) {
      const res = await create(admin, campusIds)
      expect(res.status, campusIds.join()).toBe(422)
      const body = (await res.json()) as { errors: Record<string, string[]> }
      // The field, or the list's entry that is not an id at all.
      expect(Object.keys(body.errors), campusIds.join()).toEqual([
        expect.stringMatching(/^campusIds(\.0)?$/),
      ])
    }
  })

  it('tells the user’s next request of a change, and lets a limited admin give only their campuses', async () => {
    const user = await addUser(t, { username: 'north-admin', password: 'north-admin-2026' })
    const token = await signIn(t, 'north-admin', 'north-admin-2026')
    const limited = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
      roleIds: [roleIds.admin],
      campusIds: [north.id],
    })
    expect(limited.status, await limited.clone().text()).toBe(200)
    const me = await asUser(t, token, 'GET', '/api/auth/user')
    expect(
      ((await me.json()) as { userData: { campusIds?: string[] } }).userData.campusIds,
    ).toEqual([north.id])
    for (const campusIds of [[], [main.id], [north.id, main.id]]) {
      const res = await create(token, campusIds)
      expect(res.status, campusIds.join()).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'campus_scope_exceeds_own' })
    }
    expect((await create(token, [north.id])).status).toBe(201)
  })
})
