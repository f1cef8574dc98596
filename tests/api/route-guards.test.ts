import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantableActions, permissions } from '../../src/shared/permissions/catalogue.ts'
import { roleRules, roles, userRoles } from '../../src/server/db/schema/access.ts'
import { institutes } from '../../src/server/db/schema/institutes.ts'
import { guards, instituteHeader, type Guard } from '../../src/server/lib/auth.ts'
import { demoToday } from '../../src/server/test-support/fiscal-dates.ts'
import { endpointsOf } from '../../src/server/lib/endpoints.ts'
import { recordsOfInstituteA } from './institute-a-records.ts'
import {
  addInstitute,
  addUser,
  adminPassword,
  asUser,
  createTestApp,
  signIn,
  type TestApp,
} from '../../src/server/test-support/test-app.ts'

/**
 * Walks every registered API endpoint, so a new endpoint is covered without touching this file
 * (unless it takes a path parameter of a new kind: then add a record of institute A for it).
 */
describe('every API endpoint', () => {
  let t: TestApp
  let endpoints: [string, Guard[]][]
  /** Records of institute A (the demo institute), by the path parameter that addresses them. */
  const recordsOfA: Record<string, string> = {}
  /** Strings only institute A's data contains: none may reach anyone of institute B. */
  const secretsOfA: string[] = []
  let probe: { token: string; roleId: string }
  let adminOfB: string

  beforeAll(async () => {
    t = await createTestApp()
    endpoints = [...endpointsOf(t.app.routes)].map(([key, handlers]) => [
      key,
      handlers.flatMap((h) => guards.get(h) ?? []),
    ])
    const a = await recordsOfInstituteA(t)
    Object.assign(recordsOfA, a.recordsOfA)
    secretsOfA.push(...a.secretsOfA)
    const instituteA = a.instituteA

    const [probeRole] = await t.database.db
      .insert(roles)
      .values({ instituteId: instituteA, name: 'probe', homeRoute: '/dashboard' })
      .returning()
    const probeUser = await addUser(t, {
      username: 'probe',
      password: 'probe-pass-1',
      instituteId: instituteA,
    })
    await t.database.db.insert(userRoles).values({ userId: probeUser.id, roleId: probeRole!.id })
    probe = { token: await signIn(t, 'probe', 'probe-pass-1'), roleId: probeRole!.id }

    const b = await addInstitute(t, 'institute-b')
    await addUser(t, {
      username: 'admin-of-b',
      password: 'admin-b-pass-1',
      instituteId: b.id,
      roles: ['admin'],
    })
    adminOfB = await signIn(t, 'admin-of-b', 'admin-b-pass-1')
  })
  afterAll(() => t.database.close())

  const fill = (path: string) =>
    path.replace(/:(\w+)/g, (_, name: string) => {
      const id = recordsOfA[name]
      if (!id) throw new Error(`no record of institute A for :${name} in ${path}`)
      return id
    })
  /** Query strings some reads need; the ledger's addresses an account of institute A. */
  const ledgerQuery = () =>
    `?accountId=${recordsOfA.accountId}&from=${demoToday()}&to=${demoToday()}`
  const queries = (): Record<string, string> => ({
    'GET /api/accounting/ledger': ledgerQuery(),
    'GET /api/accounting/ledger/export.csv': ledgerQuery(),
    'GET /api/accounting/ledger/export.xlsx': ledgerQuery(),
    'GET /api/reports/student-ledger': `?studentId=${recordsOfA.studentId}`,
    'GET /api/reports/student-ledger/export.csv': `?studentId=${recordsOfA.studentId}`,
    'GET /api/reports/student-ledger/export.xlsx': `?studentId=${recordsOfA.studentId}`,
    // Any head: B's admin reads the lines of B's books, none of them A's.
    'GET /api/reports/head-ledger/lines': `?feeHeadId=${crypto.randomUUID()}&figure=billed`,
    'GET /api/reports/head-ledger-lines/export.csv': `?feeHeadId=${crypto.randomUUID()}&figure=billed`,
    'GET /api/reports/head-ledger-lines/export.xlsx': `?feeHeadId=${crypto.randomUUID()}&figure=billed`,
    'GET /api/accounting/trial-balance': `?asOf=${demoToday()}`,
    'GET /api/accounting/trial-balance/export.csv': `?asOf=${demoToday()}`,
    'GET /api/accounting/trial-balance/export.xlsx': `?asOf=${demoToday()}`,
    'GET /api/students/next-roll': `?academicSessionId=${recordsOfA.sessionId}&classId=${recordsOfA.classId}`,
    // A's session, and a search its students match: B's admin must find none of them.
    'GET /api/fees/group-invoice/options': `?academicSessionId=${recordsOfA.sessionId}&q=Fixture`,
    'GET /api/fees/invoice-prints': `?academicSessionId=${recordsOfA.sessionId}&classId=${recordsOfA.classId}`,
    'GET /api/fees/invoices': `?studentId=${recordsOfA.studentId}`,
    'GET /api/sms/templates/values': `?studentId=${recordsOfA.studentId}`,
    // A search A's students match: B's admin must find none of them.
    'GET /api/collection/search': '?q=Fixture',
    'GET /api/fees/overrides/students': `?academicSessionId=${recordsOfA.sessionId}&classId=${recordsOfA.classId}`,
  })
  /** A read whose query names a record of institute A: addressing it, not a list of B's own. */
  const queryAddressesA = (key: string) =>
    [recordsOfA.accountId!, recordsOfA.studentId!].some((id) => queries()[key]?.includes(id))
  const call = (token: string | undefined, endpoint: string, body?: unknown, headers = {}) => {
    const [method, bare] = endpoint.split(' ') as [string, string]
    const path = bare + (queries()[endpoint] ?? '')
    const withBody = method !== 'GET' && method !== 'DELETE'
    if (!token) {
      return t.app.request(fill(path), {
        method,
        ...(withBody && { headers: { 'Content-Type': 'application/json' }, body: '{}' }),
      })
    }
    return asUser(t, token, method, fill(path), withBody ? (body ?? {}) : undefined, headers)
  }
  const setProbeRules = async (rules: { action: string; subject: string }[]) => {
    await t.database.db.delete(roleRules).where(eq(roleRules.roleId, probe.roleId))
    if (rules.length) {
      await t.database.db
        .insert(roleRules)
        .values(rules.map((r) => ({ roleId: probe.roleId, ...r })))
    }
  }

  it('answers 401 to a caller without a token, except the public ones', async () => {
    const guarded = endpoints.filter(([key]) => !t.app.publicEndpoints.has(key))
    expect(guarded.length).toBeGreaterThan(10)
    for (const [endpoint] of guarded) {
      const res = await call(undefined, endpoint)
      expect(res.status, endpoint).toBe(401)
      expect(await res.json(), endpoint).toMatchObject({ code: 'unauthenticated' })
    }
  })

  it('answers 403 to a user holding every permission but the endpoint’s own', async () => {
    // Deleting last, so the records the others address still exist.
    // An endpoint open to any of several permissions (`anyPermission`) is tried with each.
    const byPermission = endpoints
      .flatMap(([key, declared]) =>
        declared.flatMap((g) =>
          g.kind === 'permission'
            ? [[key, g.action, [g.subject]] as const]
            : g.kind === 'anyPermission'
              ? [[key, g.action, g.subjects] as const]
              : [],
        ),
      )
      .sort(([a], [b]) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')))
    expect(byPermission.length).toBeGreaterThan(5)
    for (const [endpoint, action, subjects] of byPermission) {
      const allButThese = permissions
        .filter((p) => !subjects.includes(p))
        .flatMap((p) => grantableActions.map((a) => ({ action: a, subject: p })))
      await setProbeRules(allButThese)
      const refused = await call(probe.token, endpoint)
      expect(refused.status, endpoint).toBe(403)
      expect(await refused.json(), endpoint).toMatchObject({ code: 'forbidden' })
      // And the permission alone (any one of them) is what opens it.
      for (const subject of subjects) {
        await setProbeRules([{ action, subject }])
        const allowed = await call(probe.token, endpoint)
        // Not every answer is JSON (the applicants' CSV export).
        const answer = allowed.headers.get('content-type')?.includes('json')
          ? ((await allowed.json()) as object)
          : { status: allowed.status }
        expect(answer, `${endpoint} with ${subject}`).not.toMatchObject({ code: 'forbidden' })
        expect(allowed.status, endpoint).toBeLessThan(500)
      }
    }
  }, 120_000) // Every endpoint × every permission it is open to: a few hundred calls.

  it('never gives institute B’s admin a record of institute A', async () => {
    // Addressing A's records by id, in the path or in the body.
    const bodies: Record<string, unknown> = {
      'POST /api/auth/impersonate': { user_id: recordsOfA.userId },
      'POST /api/access/users': {
        username: 'intruder',
        fullName: 'In Truder',
        password: 'intruder-pass-1',
        roleIds: [recordsOfA.roleId],
      },
      'PATCH /api/access/users/:userId': { fullName: 'Renamed by B' },
      'PATCH /api/access/roles/:roleId': { name: 'renamed-by-b' },
      'POST /api/accounting/accounts': { parentId: recordsOfA.accountId, name: 'Planted by B' },
      'PATCH /api/accounting/accounts/:accountId': { name: 'Renamed by B' },
      'PUT /api/accounting/coa-mapping': { purpose: 'cash', accountId: recordsOfA.accountId },
      'POST /api/accounting/vouchers': {
        type: 'journal',
        date: demoToday(),
        narration: 'Into A',
        lines: [
          { accountId: recordsOfA.accountId, debit: 1 },
          { accountId: recordsOfA.accountId, credit: 1 },
        ],
      },
      'POST /api/accounting/vouchers/:voucherId/reverse': { date: demoToday() },
      'POST /api/fees/payment-cycles': {
        academicSessionId: recordsOfA.sessionId,
        name: 'Planted by B',
        frequency: 'monthly',
      },
      'PUT /api/fees/configs': {
        academicSessionId: recordsOfA.sessionId,
        cycleId: recordsOfA.cycleId,
        changes: [{ classId: recordsOfA.classId, feeHeadId: recordsOfA.headId, amountMinor: 1 }],
      },
      'POST /api/fees/configs/copy': {
        fromSessionId: recordsOfA.sessionId,
        toSessionId: recordsOfA.sessionId,
      },
      'PUT /api/fees/overrides': {
        studentIds: [recordsOfA.studentId],
        feeHeadId: recordsOfA.headId,
        academicSessionId: recordsOfA.sessionId,
        amountMinor: 1,
      },
    }
    const addressing = endpoints.filter(
      ([key]) =>
        !t.app.publicEndpoints.has(key) &&
        (key.includes(':') || key in bodies || queryAddressesA(key)),
    )
    expect(addressing.length).toBeGreaterThan(5)
    for (const [endpoint] of addressing) {
      const res = await call(adminOfB, endpoint, bodies[endpoint])
      expect([403, 404, 422], endpoint).toContain(res.status)
      const text = await res.text()
      for (const secret of secretsOfA) expect(text, endpoint).not.toContain(secret)
    }
    // Lists and reads without an id show B's data only; signing out comes last.
    const reads = endpoints
      .filter(
        ([key]) =>
          key.startsWith('GET ') &&
          !key.includes(':') &&
          !t.app.publicEndpoints.has(key) &&
          !queryAddressesA(key),
      )
      .sort(([a], [b]) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')))
    for (const [endpoint, declared] of reads) {
      const res = await call(adminOfB, endpoint)
      // The platform's own reads are for platform administrators alone.
      const platformOnly = declared.some((g) => g.kind === 'platformAdmin')
      expect(res.status, endpoint).toBe(platformOnly ? 403 : 200)
      const text = await res.text()
      for (const secret of secretsOfA) expect(text, endpoint).not.toContain(secret)
    }
    const untouched = await asUser(
      t,
      await signIn(t, 'admin', adminPassword),
      'GET',
      `/api/access/users/${recordsOfA.userId}`,
    )
    expect(await untouched.json()).toMatchObject({ fullName: 'User target-of-a', status: 'active' })
  })

  it('answers malformed input with a 4xx, never a 500 or a stack trace', async () => {
    const admin = await signIn(t, 'admin', adminPassword)
    const garbage = { username: [1, {}], password: null, roleIds: 'x', rules: [{ action: 7 }] }
    const query = '?page=-1&perPage=abc&sortBy=%00&from=31-02-2024&to=x&userId=1&q=%25_%5C'
    const all = [...endpoints].sort(
      ([a], [b]) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')),
    )
    for (const [endpoint] of all) {
      const [method, path] = endpoint.split(' ') as [string, string]
      const url = path.replace(/:\w+/g, 'not-a-uuid') + query
      const res = await asUser(
        t,
        admin,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : garbage,
      )
      expect(res.status, endpoint).toBeLessThan(500)
      expect(await res.text(), endpoint).not.toMatch(/at .*\.ts:\d+|Failed query/)
    }
  })

  it('answers a list where a JSON object is expected with a 400 or 422, never a 2xx', async () => {
    const admin = await signIn(t, 'admin', adminPassword)
    const send = (method: string, url: string, body: string) =>
      t.app.request(url, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
        body,
      })
    const wrong: string[] = []
    let readingJson = 0
    for (const [endpoint] of endpoints.filter(([key]) => !/^(GET|DELETE) /.test(key))) {
      const [method, path] = endpoint.split(' ') as [string, string]
      const url = path.replace(/:(\w+)/g, (_, name: string) => recordsOfA[name] ?? 'demo-school')
      // Those that read a JSON body say so to a broken one; the others take no body at all.
      const broken = (await (await send(method, url, '{')).json()) as { code?: string }
      if (broken.code !== 'malformed_json') continue
      readingJson++
      const res = await send(method, url, '[]')
      if (![400, 422].includes(res.status)) wrong.push(`${endpoint}: ${res.status}`)
    }
    expect(readingJson).toBeGreaterThan(10)
    expect(wrong).toEqual([])
  })

  it('lets only a platform administrator work inside another institute', async () => {
    const platformAdmin = await signIn(t, 'admin', adminPassword)
    const [b] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'institute-b'))
    const inB = await asUser(t, platformAdmin, 'GET', '/api/access/users', undefined, {
      [instituteHeader]: b!.id,
    })
    expect(await inB.json()).toMatchObject({ total: 1, data: [{ username: 'admin-of-b' }] })
    // Signed in afresh: the walk above ended with B's admin signing out.
    const bAdmin = await signIn(t, 'admin-of-b', 'admin-b-pass-1')
    const intoA = await asUser(t, bAdmin, 'GET', '/api/access/users', undefined, {
      [instituteHeader]: recordsOfA.userId!,
    })
    expect(intoA.status).toBe(403)
    // Not even naming their own institute: the header is a platform administrator's alone.
    const intoOwn = await asUser(t, bAdmin, 'GET', '/api/access/users', undefined, {
      [instituteHeader]: b!.id,
    })
    expect(intoOwn.status).toBe(403)
    expect(await intoOwn.json()).toMatchObject({ code: 'institute_header_forbidden' })
    const aInstitute = (await asUser(t, platformAdmin, 'GET', '/api/access/users?q=target')).status
    expect(aInstitute).toBe(200)
    // Acting as a platform admin lends nothing: neither the impersonation nor the header.
    const second = await addUser(t, {
      username: 'platform-2',
      password: 'platform-2-pass',
      roles: ['admin'],
      isPlatformAdmin: true,
    })
    const institutesAdmin = await addUser(t, {
      username: 'plain-admin',
      password: 'plain-admin-pass',
      roles: ['admin'],
    })
    const plain = await signIn(t, institutesAdmin.username, 'plain-admin-pass')
    const refused = await asUser(t, plain, 'POST', '/api/auth/impersonate', { user_id: second.id })
    expect(refused.status).toBe(403)
    const acting = (await (
      await asUser(t, platformAdmin, 'POST', '/api/auth/impersonate', { user_id: second.id })
    ).json()) as { access_token: string }
    const viaImpersonation = await asUser(
      t,
      acting.access_token,
      'GET',
      '/api/access/users',
      undefined,
      {
        [instituteHeader]: b!.id,
      },
    )
    expect(viaImpersonation.status).toBe(403)
    const nowhere = await asUser(t, platformAdmin, 'GET', '/api/access/users', undefined, {
      [instituteHeader]: '00000000-0000-4000-8000-000000000000',
    })
    expect(nowhere.status).toBe(404)
  })
})
