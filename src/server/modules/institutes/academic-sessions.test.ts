import { describe, expect, it } from 'vitest'
import type { AcademicSession } from '../../../shared/schemas/academic.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

const path = '/api/institutes/academic-sessions'

describe('academic sessions', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const list = async () => (await (await asUser(t, admin, 'GET', path)).json()) as AcademicSession[]
  const create = (body: object) => asUser(t, admin, 'POST', path, body)

  it('adds sessions at the end of the list, one of them current', async () => {
    const first = await create({ name: '2041', startsOn: '2041-01-01', endsOn: '2041-12-31' })
    expect(first.status).toBe(201)
    const second = await create({
      name: '2042',
      startsOn: '2042-01-01',
      endsOn: '2042-12-31',
      isCurrent: true,
    })
    const made = (await second.json()) as AcademicSession
    expect(made).toMatchObject({ name: '2042', isCurrent: true, active: true })
    const third = await create({
      name: '2043',
      startsOn: '2043-01-01',
      endsOn: '2043-12-31',
      isCurrent: true,
    })
    expect(third.status).toBe(201)
    const sessions = await list()
    expect(sessions.filter((s) => s.isCurrent).map((s) => s.name)).toEqual(['2043'])
    expect(sessions.slice(-3).map((s) => s.name)).toEqual(['2041', '2042', '2043'])
  })

  it('refuses bad dates, overlaps and a taken name, naming the field', async () => {
    const backwards = await create({ name: 'Back', startsOn: '2050-06-01', endsOn: '2050-01-01' })
    expect(backwards.status).toBe(422)
    expect(await backwards.json()).toMatchObject({
      fields: { endsOn: [{ code: 'end_before_start' }] },
    })
    const missing = await create({ name: '', startsOn: '2050-02-30' })
    expect(Object.keys(((await missing.json()) as { fields: object }).fields).sort()).toEqual([
      'endsOn',
      'name',
      'startsOn',
    ])
    const overlap = await create({ name: 'Mid', startsOn: '2041-07-01', endsOn: '2042-06-30' })
    expect(overlap.status).toBe(422)
    expect(await overlap.json()).toMatchObject({
      fields: { startsOn: [{ code: 'sessions_overlap', values: { name: '2041' } }] },
    })
    const taken = await create({ name: ' 2041 ', startsOn: '2060-01-01', endsOn: '2060-12-31' })
    expect(await taken.json()).toMatchObject({
      fields: { name: [{ code: 'structure_name_taken' }] },
    })
    // Moving a session's end into the next one is an overlap too.
    const s2041 = (await list()).find((s) => s.name === '2041')!
    const moved = await asUser(t, admin, 'PATCH', `${path}/${s2041.id}`, { endsOn: '2042-01-01' })
    expect(moved.status).toBe(422)
    const early = await asUser(t, admin, 'PATCH', `${path}/${s2041.id}`, { endsOn: '2040-12-31' })
    expect(await early.json()).toMatchObject({ fields: { endsOn: [{ code: 'end_before_start' }] } })
  })

  it('renames, marks current, reorders and deactivates, each in the audit log', async () => {
    const sessions = await list()
    const s2041 = sessions.find((s) => s.name === '2041')!
    const renamed = await asUser(t, admin, 'PATCH', `${path}/${s2041.id}`, {
      name: '2041 (old)',
      isCurrent: true,
      active: false,
    })
    expect(await renamed.json()).toMatchObject({
      name: '2041 (old)',
      isCurrent: true,
      active: false,
    })
    expect((await list()).filter((s) => s.isCurrent).map((s) => s.id)).toEqual([s2041.id])
    const reversed = sessions.map((s) => s.id).reverse()
    expect((await asUser(t, admin, 'PUT', `${path}/order`, { ids: reversed })).status).toBe(200)
    expect((await list()).map((s) => s.id)).toEqual(reversed)
    // An order missing an item is refused: the list changed meanwhile.
    const partial = await asUser(t, admin, 'PUT', `${path}/order`, { ids: reversed.slice(1) })
    expect(partial.status).toBe(409)
    expect(await partial.json()).toMatchObject({ code: 'order_mismatch' })
    const audits = (await (
      await asUser(t, admin, 'GET', '/api/access/audits?area=institutes&perPage=100')
    ).json()) as { data: { action: string; entity: string }[] }
    const actions = audits.data.map((a) => `${a.action} ${a.entity}`)
    expect(actions).toContain('reorder academic_session')
    expect(actions).toContain('update academic_session')
    expect(actions).toContain('create academic_session')
  })

  it('refuses to delete a session a section uses; deletes an unused one', async () => {
    const sessions = await list()
    const used = sessions.find((s) => s.name === '2042')!
    const unused = sessions.find((s) => s.name === '2043')!
    const classes = (await (await asUser(t, admin, 'GET', '/api/institutes/classes')).json()) as {
      id: string
    }[]
    const klass =
      classes[0] ??
      ((await (
        await asUser(t, admin, 'POST', '/api/institutes/classes', { name: 'Session test class' })
      ).json()) as { id: string })
    await asUser(t, admin, 'POST', '/api/institutes/sections', {
      academicSessionId: used.id,
      classId: klass.id,
      name: 'A',
    })
    const refused = await asUser(t, admin, 'DELETE', `${path}/${used.id}`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      code: 'structure_in_use',
      values: { what: 'sections', count: 1 },
    })
    expect((await asUser(t, admin, 'DELETE', `${path}/${unused.id}`)).status).toBe(204)
    expect((await list()).map((s) => s.name)).not.toContain('2043')
  })

  it('lets admission staff and report readers read but not change; others and other institutes see nothing', async () => {
    await addUser(t, {
      username: 'officer',
      password: 'officer-pass-1',
      roles: ['admission officer'],
    })
    const officer = await signIn(t, 'officer', 'officer-pass-1')
    expect((await asUser(t, officer, 'GET', path)).status).toBe(200)
    const write = await asUser(t, officer, 'POST', path, {
      name: '2070',
      startsOn: '2070-01-01',
      endsOn: '2070-12-31',
    })
    expect(write.status).toBe(403)
    // A cashier reads the due report, which narrows to a session: the list, not a change.
    await addUser(t, { username: 'cashier', password: 'cashier-pass-1', roles: ['cashier'] })
    const cashier = await signIn(t, 'cashier', 'cashier-pass-1')
    expect((await asUser(t, cashier, 'GET', path)).status).toBe(200)
    await addUser(t, { username: 'acl-client', password: 'client-pass-1', roles: ['client'] })
    const client = await signIn(t, 'acl-client', 'client-pass-1')
    expect((await asUser(t, client, 'GET', path)).status).toBe(403)

    await addUser(t, {
      username: 'other-admin',
      password: 'other-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-admin', 'other-admin-pass')
    expect(await (await asUser(t, other, 'GET', path)).json()).toEqual([])
    const ours = (await list())[0]!
    const patched = await asUser(t, other, 'PATCH', `${path}/${ours.id}`, { name: 'Taken over' })
    expect(patched.status).toBe(404)
    expect(await patched.json()).toMatchObject({ code: 'structure_item_missing' })
    expect((await asUser(t, other, 'DELETE', `${path}/${ours.id}`)).status).toBe(404)
    // The same name and dates are free in another institute.
    const own = await asUser(t, other, 'POST', path, {
      name: ours.name,
      startsOn: ours.startsOn,
      endsOn: ours.endsOn,
    })
    expect(own.status).toBe(201)
  })
})
