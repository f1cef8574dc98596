import { and, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Campus } from '../../../shared/schemas/institutes.ts'
import { auditLog } from '../../db/schema/access.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addInstitute, addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

const path = '/api/institutes/campuses'

describe('campuses', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const list = async () =>
    ((await (await asUser(t, admin, 'GET', path)).json()) as { data: Campus[] }).data
  const create = (body: object) => asUser(t, admin, 'POST', path, body)

  it('lists the demo institute’s two campuses; a new institute starts with its main campus', async () => {
    expect((await list()).map((c) => [c.code, c.name, c.active])).toEqual([
      ['MAIN', 'Main campus, Dhanmondi', true],
      ['UTTARA', 'North campus, Uttara', true],
    ])
    const other = await addInstitute(t, 'new-school')
    await addUser(t, {
      username: 'new-admin',
      password: 'new-admin-pass',
      instituteId: other.id,
      roles: ['admin'],
    })
    const token = await signIn(t, 'new-admin', 'new-admin-pass')
    const theirs = (await (await asUser(t, token, 'GET', path)).json()) as { data: Campus[] }
    expect(theirs.data).toMatchObject([{ code: 'MAIN', name: 'Main campus', active: true }])
  })

  it('creates and edits a campus, codes unique per institute, with audit rows', async () => {
    const created = await create({
      name: 'Mirpur campus',
      code: ' mirpur-10 ',
      address: 'Section 10, Mirpur',
      position: 2,
    })
    expect(created.status).toBe(201)
    const campus = (await created.json()) as Campus
    expect(campus).toMatchObject({ code: 'MIRPUR-10', active: true, position: 2 })
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'campus'), eq(auditLog.entityId, campus.id)))
    expect(row).toMatchObject({ area: 'institutes', action: 'create' })

    const clash = await create({ name: 'Another', code: 'MIRPUR-10' })
    expect(clash.status).toBe(409)
    expect(await clash.json()).toMatchObject({
      code: 'campus_code_taken',
      fields: { code: [{ code: 'campus_code_taken' }] },
    })
    // Another institute may use the same code.
    const other = await addUser(t, {
      username: 'other-admin',
      password: 'other-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const otherToken = await signIn(t, other.username, 'other-admin-pass')
    expect(
      (await asUser(t, otherToken, 'POST', path, { name: 'Mirpur', code: 'MIRPUR-10' })).status,
    ).toBe(201)
    // …but neither sees nor changes ours.
    const foreign = await asUser(t, otherToken, 'PUT', `${path}/${campus.id}`, {
      name: 'Taken over',
      code: 'X',
    })
    expect(foreign.status).toBe(404)
    expect((await asUser(t, otherToken, 'DELETE', `${path}/${campus.id}`)).status).toBe(404)

    const edited = await asUser(t, admin, 'PUT', `${path}/${campus.id}`, {
      name: 'Mirpur campus',
      code: 'MIRPUR',
      address: '',
      active: false,
      position: 2,
    })
    expect(await edited.json()).toMatchObject({ code: 'MIRPUR', active: false })
    const [last] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, campus.id))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    expect(last).toMatchObject({ action: 'deactivate' })
    expect(
      (await asUser(t, admin, 'PUT', `${path}/${campus.id}`, { name: 'x', code: 'UTTARA' })).status,
    ).toBe(409)
  })

  it('refuses each bad field with a 422 naming it', async () => {
    const cases: [object, string, string][] = [
      [{ name: '', code: 'A' }, 'name', 'campus_name_required'],
      [{ name: 'A', code: '' }, 'code', 'campus_code_required'],
      [{ name: 'A', code: 'has space' }, 'code', 'campus_code_shape'],
      [{ name: 'A', code: 'X'.repeat(17) }, 'code', 'campus_code_shape'],
      [{ name: 'A', code: 'A', address: 'x'.repeat(501) }, 'address', 'too_long'],
      [{ name: 'A', code: 'A', position: -1 }, 'position', 'min_value'],
    ]
    for (const [body, field, code] of cases) {
      const res = await create(body)
      expect(res.status, field).toBe(422)
      const answer = (await res.json()) as { fields: Record<string, { code: string }[]> }
      expect(Object.keys(answer.fields)).toEqual([field])
      if (code !== 'min_value') expect(answer.fields[field]![0]!.code).toBe(code)
    }
  })

  it('keeps one active campus, and a campus in use', async () => {
    const campuses = await list()
    const main = campuses.find((c) => c.code === 'MAIN')!
    const north = campuses.find((c) => c.code === 'UTTARA')!
    const mirpur = campuses.find((c) => c.code === 'MIRPUR')!
    // A campus something refers to (a later module's table) is kept.
    await t.database.db.execute(
      sql`create table campus_users_fixture (institute_id uuid, campus_id uuid,
            foreign key (institute_id, campus_id) references campuses (institute_id, id))`,
    )
    await t.database.db.execute(
      sql`insert into campus_users_fixture select institute_id, id from campuses where id = ${mirpur.id}`,
    )
    const used = await asUser(t, admin, 'DELETE', `${path}/${mirpur.id}`)
    expect(used.status).toBe(409)
    expect(await used.json()).toMatchObject({ code: 'campus_in_use' })

    const deactivate = (c: Campus) =>
      asUser(t, admin, 'PUT', `${path}/${c.id}`, { ...c, id: undefined, active: false })
    expect((await deactivate(north)).status).toBe(200)
    const last = await deactivate(main)
    expect(last.status).toBe(409)
    expect(await last.json()).toMatchObject({ code: 'last_active_campus' })
    expect((await asUser(t, admin, 'DELETE', `${path}/${main.id}`)).status).toBe(409)
    // The demo's students study at the second campus: it is kept, even inactive.
    const withStudents = await asUser(t, admin, 'DELETE', `${path}/${north.id}`)
    expect(await withStudents.json()).toMatchObject({ code: 'campus_in_use' })
    // An unused, inactive one goes.
    const unused = (await (await create({ name: 'Banani', code: 'BANANI' })).json()) as Campus
    expect((await deactivate(unused)).status).toBe(200)
    expect((await asUser(t, admin, 'DELETE', `${path}/${unused.id}`)).status).toBe(204)
    expect((await list()).map((c) => c.code)).toEqual(['MAIN', 'UTTARA', 'MIRPUR'])
    expect((await asUser(t, admin, 'DELETE', `${path}/${unused.id}`)).status).toBe(404)
  })

  it('is changed with the institute permission only, and read by reports too', async () => {
    await addUser(t, { username: 'viewer-1', password: 'viewer-pass-1', roles: ['viewer'] })
    const viewer = await signIn(t, 'viewer-1', 'viewer-pass-1')
    // A report reader narrows to a campus: the list, not a change.
    expect((await asUser(t, viewer, 'GET', path)).status).toBe(200)
    expect((await asUser(t, viewer, 'POST', path, { name: 'A', code: 'A' })).status).toBe(403)
    await addUser(t, {
      username: 'officer-1',
      password: 'officer-pass-1',
      roles: ['admission officer'],
    })
    const officer = await signIn(t, 'officer-1', 'officer-pass-1')
    expect((await asUser(t, officer, 'GET', path)).status).toBe(403)
  })
})
