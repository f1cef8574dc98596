import { describe, expect, it } from 'vitest'
import type { AcademicSession, SchoolClass, Section } from '../../../shared/schemas/academic.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('sections', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const post = async <T>(path: string, body: object) =>
    (await (await asUser(t, admin, 'POST', `/api/institutes/${path}`, body)).json()) as T
  const sectionsOf = async (query: string) =>
    (await (await asUser(t, admin, 'GET', `/api/institutes/sections?${query}`)).json()) as Section[]

  it('keeps sections per session and class, names unique within them', async () => {
    const y1 = await post<AcademicSession>('academic-sessions', {
      name: '2051',
      startsOn: '2051-01-01',
      endsOn: '2051-12-31',
    })
    const y2 = await post<AcademicSession>('academic-sessions', {
      name: '2052',
      startsOn: '2052-01-01',
      endsOn: '2052-12-31',
    })
    const one = await post<SchoolClass>('classes', { name: 'First' })
    const two = await post<SchoolClass>('classes', { name: 'Second' })
    for (const [session, klass, name] of [
      [y1, one, 'A'],
      [y1, one, 'B'],
      [y1, two, 'A'],
      [y2, one, 'A'],
    ] as const) {
      const res = await asUser(t, admin, 'POST', '/api/institutes/sections', {
        academicSessionId: session.id,
        classId: klass.id,
        name,
        capacity: 40,
      })
      expect(res.status).toBe(201)
    }
    const taken = await asUser(t, admin, 'POST', '/api/institutes/sections', {
      academicSessionId: y1.id,
      classId: one.id,
      name: 'a',
    })
    expect(await taken.json()).toMatchObject({
      fields: { name: [{ code: 'structure_name_taken' }] },
    })
    const inY1 = await sectionsOf(`academicSessionId=${y1.id}`)
    expect(inY1.map((s) => `${s.classId === one.id ? 'First' : 'Second'} ${s.name}`)).toEqual([
      'First A',
      'First B',
      'Second A',
    ])
    const oneInY1 = await sectionsOf(`academicSessionId=${y1.id}&classId=${one.id}`)
    expect(oneInY1.map((s) => s.name)).toEqual(['A', 'B'])
    // Reordered within the session and class; an order of another class's sections is refused.
    const ids = oneInY1.map((s) => s.id).reverse()
    expect((await asUser(t, admin, 'PUT', '/api/institutes/sections/order', { ids })).status).toBe(
      200,
    )
    expect(
      (await sectionsOf(`academicSessionId=${y1.id}&classId=${one.id}`)).map((s) => s.name),
    ).toEqual(['B', 'A'])
    const mixed = [...ids, inY1.find((s) => s.classId === two.id)!.id]
    expect(
      (await asUser(t, admin, 'PUT', '/api/institutes/sections/order', { ids: mixed })).status,
    ).toBe(409)
    // Capacity and activity change; the class keeps its sections.
    const a = oneInY1[0]!
    const changed = await asUser(t, admin, 'PATCH', `/api/institutes/sections/${a.id}`, {
      capacity: null,
      active: false,
    })
    expect(await changed.json()).toMatchObject({ capacity: null, active: false, name: 'A' })
    const inUse = await asUser(t, admin, 'DELETE', `/api/institutes/classes/${one.id}`)
    expect(await inUse.json()).toMatchObject({ values: { what: 'sections', count: 3 } })
    expect((await asUser(t, admin, 'DELETE', `/api/institutes/sections/${a.id}`)).status).toBe(204)
  })

  it('refuses an unknown session or class and a bad capacity, naming the field', async () => {
    const bad = await asUser(t, admin, 'POST', '/api/institutes/sections', {
      academicSessionId: '00000000-0000-4000-8000-000000000000',
      classId: '00000000-0000-4000-8000-000000000001',
      name: 'C',
    })
    expect(await bad.json()).toMatchObject({
      fields: {
        academicSessionId: [{ code: 'unknown_structure_item' }],
        classId: [{ code: 'unknown_structure_item' }],
      },
    })
    const [section] = await sectionsOf('')
    const capacity = await asUser(t, admin, 'PATCH', `/api/institutes/sections/${section!.id}`, {
      capacity: 0,
    })
    expect(await capacity.json()).toMatchObject({
      fields: { capacity: [{ code: 'capacity_positive' }] },
    })
    const query = await asUser(t, admin, 'GET', '/api/institutes/sections?classId=x')
    expect(query.status).toBe(422)
  })

  it('shows another institute none of them', async () => {
    await addUser(t, {
      username: 'other-admin',
      password: 'other-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-admin', 'other-admin-pass')
    expect(await (await asUser(t, other, 'GET', '/api/institutes/sections')).json()).toEqual([])
    const [section] = await sectionsOf('')
    const patched = await asUser(t, other, 'PATCH', `/api/institutes/sections/${section!.id}`, {
      name: 'Z',
    })
    expect(patched.status).toBe(404)
  })
})
