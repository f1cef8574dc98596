import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../shared/schemas/access.ts'
import {
  addUser,
  adminPassword,
  asUser,
  createTestApp,
  jsonRequest,
  signIn,
  type TestApp,
} from '../../test-support/test-app.ts'
import { demoToday } from '../../test-support/fiscal-dates.ts'

describe('the audit log', () => {
  let t: TestApp
  let admin: string
  let cashierId: string
  const read = async (query = '') => {
    const res = await asUser(t, admin, 'GET', `/api/access/audits?perPage=100&${query}`)
    expect(res.status).toBe(200)
    return (await res.json()) as { data: AuditEntry[]; total: number }
  }
  beforeAll(async () => {
    t = await createTestApp({ impersonationTtl: 300 })
    await t.app.request(
      '/api/auth/login',
      jsonRequest({ username: 'admin', password: 'wrong-one' }),
    )
    admin = await signIn(t, 'admin', adminPassword)
    cashierId = (
      await addUser(t, { username: 'cash9', password: 'cashier-pass-9', roles: ['cashier'] })
    ).id
    const cashier = await signIn(t, 'cash9', 'cashier-pass-9')
    await asUser(t, cashier, 'GET', '/api/auth/logout')
    const res = await asUser(t, admin, 'POST', '/api/auth/impersonate', { user_id: cashierId })
    const { access_token } = (await res.json()) as { access_token: string }
    await asUser(t, access_token, 'GET', '/api/auth/logout')
    await addUser(t, { username: 'far', password: 'far-away-pass-1', otherInstitute: true })
    await signIn(t, 'far', 'far-away-pass-1')
  })
  afterAll(() => t.database.close())

  it('records sign-in, failed sign-in, sign-out and impersonation, newest first, with who and where', async () => {
    const { data, total } = await read()
    expect(data.map((e) => e.action)).toEqual([
      'logout',
      'impersonate',
      'logout',
      'login',
      'login',
      'login_failed',
    ])
    expect(total).toBe(6)
    const [actedAs, impersonation] = data
    expect(actedAs).toMatchObject({
      user: { username: 'cash9' },
      impersonator: { username: 'admin' },
    })
    expect(impersonation).toMatchObject({
      area: 'auth',
      entity: 'user',
      entityId: cashierId,
      user: { username: 'admin' },
    })
    expect(impersonation?.ip).toBeTruthy()
  })

  it('never shows another institute’s rows', async () => {
    expect(JSON.stringify(await read())).not.toContain('far')
  })

  it('filters by user, action, area and dates, and pages', async () => {
    expect((await read(`userId=${cashierId}`)).data.map((e) => e.action)).toEqual([
      'logout',
      'logout',
      'login',
    ])
    expect((await read('action=login_failed')).total).toBe(1)
    expect((await read('area=access')).total).toBe(0)
    // Days are the institute's (Asia/Dhaka), whatever the server's clock says.
    const today = demoToday()
    expect((await read(`from=${today}&to=${today}`)).total).toBe(6)
    expect((await read('to=2000-01-01')).total).toBe(0)
    const page = await asUser(t, admin, 'GET', '/api/access/audits?perPage=2&page=3')
    expect(await page.json()).toMatchObject({
      total: 6,
      page: 3,
      data: [{ action: 'login' }, { action: 'login_failed' }],
    })
  })

  it('answers a bad filter with the field named', async () => {
    const res = await asUser(
      t,
      admin,
      'GET',
      '/api/access/audits?from=yesterday&area=moon&userId=7',
    )
    expect(res.status).toBe(422)
    const { errors } = (await res.json()) as { errors: object }
    expect(Object.keys(errors).sort()).toEqual(['area', 'from', 'userId'])
  })

  it('offers the people and actions of the log as filters', async () => {
    const res = await asUser(t, admin, 'GET', '/api/access/audits/facets')
    const facets = (await res.json()) as { users: { username: string }[]; actions: string[] }
    expect(facets.users.map((u) => u.username)).toEqual(['admin', 'cash9'])
    expect(facets.actions).toEqual(['impersonate', 'login', 'login_failed', 'logout'])
  })
})
