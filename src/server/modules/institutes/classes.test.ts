import { describe, expect, it } from 'vitest'
import type { SchoolClass } from '../../../shared/schemas/academic.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('classes and shifts', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const list = async (what: 'classes' | 'shifts') =>
    (await (await asUser(t, admin, 'GET', `/api/institutes/${what}`)).json()) as SchoolClass[]

  it('adds, renames, reorders, deactivates and deletes classes', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      const res = await asUser(t, admin, 'POST', '/api/institutes/classes', { name })
      expect(res.status).toBe(201)
    }
    const before = await list('classes')
    const [alpha, beta, gamma] = ['Alpha', 'Beta', 'Gamma'].map((n) =>
      before.find((c) => c.name === n)!,
    )
    expect(alpha!.position).toBeLessThan(beta!.position)
    const renamed = await asUser(t, admin, 'PATCH', `/api/institutes/classes/${beta!.id}`, {
      name: 'Beta 2',
      active: false,
    })
    expect(await renamed.json()).toMatchObject({ name: 'Beta 2', active: false })
    const order = before.map((c) => c.id).filter((id) => id !== gamma!.id)
    order.unshift(gamma!.id)
    expect(
      (await asUser(t, admin, 'PUT', '/api/institutes/classes/order', { ids: order })).status,
    ).toBe(200)
    expect((await list('classes')).map((c) => c.id)).toEqual(order)
    expect((await asUser(t, admin, 'DELETE', `/api/institutes/classes/${alpha!.id}`)).status).toBe(
      204,
    )
    expect((await list('classes')).map((c) => c.name)).not.toContain('Alpha')
  })

  it('refuses a blank or taken name and deleting a class in use', async () => {
    const blank = await asUser(t, admin, 'POST', '/api/institutes/classes', { name: '  ' })
    expect(await blank.json()).toMatchObject({ fields: { name: [{ code: 'name_required' }] } })
    const taken = await asUser(t, admin, 'POST', '/api/institutes/classes', { name: 'gamma' })
    expect(taken.status).toBe(422)
    expect(await taken.json()).toMatchObject({
      fields: { name: [{ code: 'structure_name_taken' }] },
    })
    const gamma = (await list('classes')).find((c) => c.name === 'Gamma')!
    const group = await asUser(t, admin, 'POST', '/api/institutes/groups', {
      name: 'Gamma only',
      classIds: [gamma.id],
    })
    expect(group.status).toBe(201)
    const refused = await asUser(t, admin, 'DELETE', `/api/institutes/classes/${gamma.id}`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      code: 'structure_in_use',
      values: { what: 'groups', count: 1 },
    })
  })

  it('keeps shifts as a list of their own', async () => {
    const made = await asUser(t, admin, 'POST', '/api/institutes/shifts', { name: 'Evening' })
    const shift = (await made.json()) as SchoolClass
    expect(made.status).toBe(201)
    expect((await list('shifts')).map((s) => s.name)).toContain('Evening')
    // Class names do not take shift names.
    expect(
      (await asUser(t, admin, 'POST', '/api/institutes/shifts', { name: 'Gamma' })).status,
    ).toBe(201)
    expect((await asUser(t, admin, 'DELETE', `/api/institutes/shifts/${shift.id}`)).status).toBe(
      204,
    )
  })

  it('lets only the institute permission change the lists, and only in its institute', async () => {
    await addUser(t, {
      username: 'officer',
      password: 'officer-pass-1',
      roles: ['admission officer'],
    })
    const officer = await signIn(t, 'officer', 'officer-pass-1')
    expect((await asUser(t, officer, 'GET', '/api/institutes/shifts')).status).toBe(200)
    const gamma = (await list('classes')).find((c) => c.name === 'Gamma')!
    for (const [method, url, body] of [
      ['POST', '/api/institutes/classes', { name: 'Officer class' }],
      ['PATCH', `/api/institutes/classes/${gamma.id}`, { name: 'Officer class' }],
      ['DELETE', `/api/institutes/classes/${gamma.id}`, undefined],
      ['PUT', '/api/institutes/classes/order', { ids: [gamma.id] }],
    ] as const) {
      expect((await asUser(t, officer, method, url, body)).status, `${method} ${url}`).toBe(403)
    }
    await addUser(t, {
      username: 'other-admin',
      password: 'other-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-admin', 'other-admin-pass')
    expect(await (await asUser(t, other, 'GET', '/api/institutes/classes')).json()).toEqual([])
    const intrude = await asUser(t, other, 'PATCH', `/api/institutes/classes/${gamma.id}`, {
      name: 'Mine',
    })
    expect(intrude.status).toBe(404)
    const reorder = await asUser(t, other, 'PUT', '/api/institutes/classes/order', {
      ids: [gamma.id],
    })
    expect(reorder.status).toBe(409)
    expect((await list('classes')).find((c) => c.id === gamma.id)).toMatchObject({ name: 'Gamma' })
  })
})
