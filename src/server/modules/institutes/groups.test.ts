import { describe, expect, it } from 'vitest'
import type { Group, SchoolClass } from '../../../shared/schemas/academic.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('groups', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const addClass = async (name: string) =>
    (await (
      await asUser(t, admin, 'POST', '/api/institutes/classes', { name })
    ).json()) as SchoolClass
  const groups = async () =>
    (await (await asUser(t, admin, 'GET', '/api/institutes/groups')).json()) as Group[]

  it('limits a group to some classes, changes them, and frees them on delete', async () => {
    const nine = await addClass('Class 9')
    const ten = await addClass('Class 10')
    const made = await asUser(t, admin, 'POST', '/api/institutes/groups', {
      name: 'Science X',
      classIds: [ten.id, nine.id],
    })
    const science = (await made.json()) as Group
    expect(made.status).toBe(201)
    // Listed in the classes' order, whatever order they were sent in.
    expect(science.classIds).toEqual([nine.id, ten.id])
    const open = await asUser(t, admin, 'POST', '/api/institutes/groups', { name: 'Open group' })
    expect(await open.json()).toMatchObject({ classIds: [] })
    const narrowed = await asUser(t, admin, 'PATCH', `/api/institutes/groups/${science.id}`, {
      classIds: [ten.id],
      active: false,
    })
    expect(await narrowed.json()).toMatchObject({ classIds: [ten.id], active: false })
    // Nine is free again; ten is kept by the group until the group goes.
    expect((await asUser(t, admin, 'DELETE', `/api/institutes/classes/${nine.id}`)).status).toBe(
      204,
    )
    expect((await asUser(t, admin, 'DELETE', `/api/institutes/classes/${ten.id}`)).status).toBe(409)
    expect((await asUser(t, admin, 'DELETE', `/api/institutes/groups/${science.id}`)).status).toBe(
      204,
    )
    expect((await asUser(t, admin, 'DELETE', `/api/institutes/classes/${ten.id}`)).status).toBe(204)
    const names = (await groups()).map((g) => g.name)
    expect(names).toContain('Open group')
    expect(names).not.toContain('Science X')
  })

  it('refuses a class of another institute or none, and a taken name', async () => {
    const unknown = await asUser(t, admin, 'POST', '/api/institutes/groups', {
      name: 'Phantom',
      classIds: ['00000000-0000-4000-8000-000000000000'],
    })
    expect(await unknown.json()).toMatchObject({
      fields: { classIds: [{ code: 'unknown_structure_item' }] },
    })
    const malformed = await asUser(t, admin, 'POST', '/api/institutes/groups', {
      name: 'Phantom',
      classIds: ['nine'],
    })
    expect(malformed.status).toBe(422)
    const taken = await asUser(t, admin, 'POST', '/api/institutes/groups', { name: 'OPEN GROUP' })
    expect(await taken.json()).toMatchObject({
      fields: { name: [{ code: 'structure_name_taken' }] },
    })

    await addUser(t, {
      username: 'other-admin',
      password: 'other-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-admin', 'other-admin-pass')
    const ourClass = await addClass('Ours')
    const borrowed = await asUser(t, other, 'POST', '/api/institutes/groups', {
      name: 'Borrowing',
      classIds: [ourClass.id],
    })
    expect(borrowed.status).toBe(422)
    const [ours] = await groups()
    expect((await asUser(t, other, 'DELETE', `/api/institutes/groups/${ours!.id}`)).status).toBe(
      404,
    )
  })
})
