import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantableActions, permissions } from '../../src/shared/permissions/catalogue.ts'
import { roleRules, roles, userRoles } from '../../src/server/db/schema/access.ts'
import { accounts } from '../../src/server/db/schema/accounting.ts'
import {
  academicSessions,
  classes,
  groups,
  sections,
  shifts,
} from '../../src/server/db/schema/academic.ts'
import {
  admissionForms,
  applicantAttachments,
  applicants,
} from '../../src/server/db/schema/admission.ts'
import { sessions } from '../../src/server/db/schema/auth.ts'
import { jobs } from '../../src/server/db/schema/jobs.ts'
import {
  concessions,
  feeHeads,
  fineRules,
  groupInvoiceRuns,
  invoiceLines,
  invoices,
  paymentCycles,
  paymentPeriods,
  vatRates,
} from '../../src/server/db/schema/fees.ts'
import { enrolments, studentImports, students } from '../../src/server/db/schema/students.ts'
import { campuses, institutes } from '../../src/server/db/schema/institutes.ts'
import { guards, instituteHeader, type Guard } from '../../src/server/lib/auth.ts'
import { demoToday } from '../../src/server/test-support/fiscal-dates.ts'
import { postVoucher } from '../../src/server/modules/accounting/posting.ts'
import { takePayment } from '../../src/server/modules/collection/payment-create.ts'
import {
  advanceOverrides,
  cashierDayClosings,
  payments,
} from '../../src/server/db/schema/collection.ts'
import { endpointsOf, publicEndpoints } from '../../src/server/public-endpoints.ts'
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
    const target = await addUser(t, {
      username: 'target-of-a',
      password: 'target-pass-1',
      roles: ['cashier'],
    })
    await signIn(t, 'target-of-a', 'target-pass-1')
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, target.id))
    const instituteA = target.instituteId
    const [role] = await t.database.db
      .insert(roles)
      .values({ instituteId: instituteA, name: 'fixture-role-of-a', homeRoute: '/dashboard' })
      .returning()
    const [cash] = await t.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.instituteId, instituteA), eq(accounts.name, 'Cash in hand')))
    const voucher = await t.database.db.transaction((tx) =>
      postVoucher(tx, instituteA, {
        type: 'receipt',
        date: demoToday(),
        narration: 'Fixture of institute A',
        lines: [
          { accountId: cash!.id, debit: 500 },
          { purpose: 'fine_income', credit: 500 },
        ],
      }),
    )
    // Of a kind no process here runs: only its row matters to the walk.
    const [job] = await t.database.db
      .insert(jobs)
      .values({ instituteId: instituteA, kind: 'fixture-of-a', key: 'fixture', params: {} })
      .returning()
    const [campus] = await t.database.db
      .insert(campuses)
      .values({ instituteId: instituteA, name: 'Fixture campus of A', code: 'FIXTURE-A' })
      .returning()
    const [studentImport] = await t.database.db
      .insert(studentImports)
      .values({
        instituteId: instituteA,
        fileName: 'Fixture import of A.csv',
        fileSha256: '0'.repeat(64),
        columns: [],
        rows: [],
        preview: { counts: { total: 0, new: 0, updated: 0, unchanged: 0, invalid: 0 }, rows: [] },
      })
      .returning()
    const [academicSession] = await t.database.db
      .insert(academicSessions)
      .values({
        instituteId: instituteA,
        name: 'Fixture session of A',
        startsOn: '2090-01-01',
        endsOn: '2090-12-31',
        position: 99,
      })
      .returning()
    const [klass] = await t.database.db
      .insert(classes)
      .values({ instituteId: instituteA, name: 'Fixture class of A', position: 99 })
      .returning()
    const [group] = await t.database.db
      .insert(groups)
      .values({ instituteId: instituteA, name: 'Fixture group of A', position: 99 })
      .returning()
    const [section] = await t.database.db
      .insert(sections)
      .values({
        instituteId: instituteA,
        academicSessionId: academicSession!.id,
        classId: klass!.id,
        name: 'Fixture section of A',
        position: 1,
      })
      .returning()
    const [shift] = await t.database.db
      .insert(shifts)
      .values({ instituteId: instituteA, name: 'Fixture shift of A', position: 99 })
      .returning()
    const [student] = await t.database.db
      .insert(students)
      .values({
        instituteId: instituteA,
        studentCode: 'FIXTURE-A',
        fullName: 'Fixture student of A',
        guardianPhone: '+8801700000998',
        campusId: campus!.id,
      })
      .returning()
    const [enrolment] = await t.database.db
      .insert(enrolments)
      .values({
        instituteId: instituteA,
        studentId: student!.id,
        academicSessionId: academicSession!.id,
        classId: klass!.id,
        roll: 1,
      })
      .returning()
    const [form] = await t.database.db
      .insert(admissionForms)
      .values({
        instituteId: instituteA,
        title: 'Fixture form of institute A',
        academicSessionId: academicSession!.id,
        classId: klass!.id,
        opensOn: '2026-01-01',
        closesOn: '2026-12-31',
        requiredFields: ['applicantName', 'phone'],
        questions: [],
        attachments: [],
      })
      .returning()
    const [applicant] = await t.database.db
      .insert(applicants)
      .values({
        instituteId: instituteA,
        formId: form!.id,
        temporaryId: 'fixture-temporary-id-of-a',
        shortReference: 'FA-26-0000',
        status: 'submitted',
        applicantName: 'Fixture applicant of A',
        phone: '+8801700000999',
        fields: {},
        answers: {},
        idempotencyKey: 'fixture-key-of-a',
        payloadHash: 'fixture',
      })
      .returning()
    // No bytes stored: a permitted read answers a JSON 404, not the file.
    const [attachment] = await t.database.db
      .insert(applicantAttachments)
      .values({
        instituteId: instituteA,
        applicantId: applicant!.id,
        kind: 'photo',
        fileName: 'fixture.jpg',
        contentType: 'image/jpeg',
        size: 1,
        sha256: 'fixture',
        storageKey: 'admission/fixture',
      })
      .returning()
    const [income] = await t.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.instituteId, instituteA), eq(accounts.name, 'Tuition fee income')))
    const [feeHead] = await t.database.db
      .insert(feeHeads)
      .values({
        instituteId: instituteA,
        name: 'Fixture head of A',
        code: 'FXA',
        kind: 'recurring',
        incomeAccountId: income!.id,
      })
      .returning()
    const [cycle] = await t.database.db
      .insert(paymentCycles)
      .values({
        instituteId: instituteA,
        academicSessionId: academicSession!.id,
        name: 'Fixture cycle of A',
        frequency: 'monthly',
      })
      .returning()
    const [period] = await t.database.db
      .insert(paymentPeriods)
      .values({
        instituteId: instituteA,
        cycleId: cycle!.id,
        name: 'Fixture period of A',
        sequence: 1,
        startsOn: '2026-01-01',
        endsOn: '2026-01-31',
        issueDate: '2026-01-01',
        dueDate: '2026-01-10',
      })
      .returning()
    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        instituteId: instituteA,
        number: 'INV-2026-999999',
        fiscalYear: 2026,
        sequence: 999_999,
        studentId: student!.id,
        academicSessionId: academicSession!.id,
        campusId: campus!.id,
        issueDate: demoToday(),
        dueDate: demoToday(),
      })
      .returning()
    const [line] = await t.database.db
      .insert(invoiceLines)
      .values({
        instituteId: instituteA,
        invoiceId: invoice!.id,
        lineNo: 1,
        studentId: student!.id,
        feeHeadId: feeHead!.id,
        grossMinor: 100,
        netMinor: 100,
      })
      .returning()
    const [run] = await t.database.db
      .insert(groupInvoiceRuns)
      .values({ instituteId: instituteA, scope: {}, scopeKey: 'fixture' })
      .returning()
    Object.assign(recordsOfA, {
      headId: feeHead!.id,
      cycleId: cycle!.id,
      periodId: period!.id,
      invoiceId: invoice!.id,
      lineId: line!.id,
      runId: run!.id,
      studentId: student!.id,
      enrolmentId: enrolment!.id,
      sessionId: academicSession!.id,
      classId: klass!.id,
      groupId: group!.id,
      sectionId: section!.id,
      shiftId: shift!.id,
      userId: target.id,
      roleId: role!.id,
      id: session!.familyId,
      accountId: cash!.id,
      voucherId: voucher.id,
      formId: form!.id,
      applicantId: applicant!.id,
      attachmentId: attachment!.id,
      jobId: job!.id,
      instituteId: instituteA,
      campusId: campus!.id,
      importId: studentImport!.id,
    })
    secretsOfA.push(
      feeHead!.id,
      'Fixture head of A',
      cycle!.id,
      'Fixture cycle of A',
      period!.id,
      'Fixture period of A',
      target.id,
      role!.id,
      session!.familyId,
      cash!.id,
      voucher.id,
      'Fixture of institute A',
      form!.id,
      applicant!.id,
      attachment!.id,
      job!.id,
      'Fixture form of institute A',
      campus!.id,
      invoice!.id,
      run!.id,
      studentImport!.id,
      'Fixture import of A',
      'Fixture campus of A',
      'Fixture applicant of A',
      'fixture-temporary-id-of-a',
      'target-of-a',
      'fixture-role-of-a',
      'demo-school',
      'Fixture session of A',
      'Fixture class of A',
      'Fixture group of A',
      'Fixture section of A',
      'Fixture shift of A',
      student!.id,
      'Fixture student of A',
    )

    // Fee rules of A (issue 17: VAT, fines, concessions), on the fixture head above.
    const feeHeadOfA = feeHead
    const [vatRateOfA] = await t.database.db
      .insert(vatRates)
      .values({
        instituteId: instituteA,
        feeHeadId: feeHeadOfA!.id,
        rateBp: 1500,
        effectiveFrom: '2090-01-01',
      })
      .returning()
    const [fineRuleOfA] = await t.database.db
      .insert(fineRules)
      .values({
        instituteId: instituteA,
        kind: 'fixed_once',
        amountMinor: 100,
        effectiveFrom: '2090-01-01',
      })
      .returning()
    const [concessionOfA] = await t.database.db
      .insert(concessions)
      .values({
        instituteId: instituteA,
        studentId: student!.id,
        academicSessionId: academicSession!.id,
        kind: 'percent',
        rateBp: 1000,
        category: 'merit',
        reason: 'Fixture concession of A',
      })
      .returning()
    Object.assign(recordsOfA, {
      feeHeadId: feeHeadOfA!.id,
      rateId: vatRateOfA!.id,
      ruleId: fineRuleOfA!.id,
      concessionId: concessionOfA!.id,
    })
    secretsOfA.push(
      feeHeadOfA!.id,
      'Fixture head of A',
      vatRateOfA!.id,
      fineRuleOfA!.id,
      concessionOfA!.id,
      'Fixture concession of A',
    )

    // A receipt of A (issue 19): half of the fixture invoice's line, in cash.
    const paymentOfA = await t.database.db.transaction((tx) =>
      takePayment(
        tx,
        instituteA,
        {
          studentId: recordsOfA.studentId!,
          allocations: [{ lineId: recordsOfA.lineId!, principalMinor: 50, fineMinor: 0 }],
          advanceUsed: [],
          toAdvance: null,
          tenders: [
            { method: 'cash', amountMinor: 50, bankAccount: '', reference: '', issuer: '' },
          ],
        },
        { collectedBy: target.id, idempotencyKey: 'fixture-payment-of-a', payloadHash: 'fixture' },
      ),
    )
    const [receiptOfA] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentOfA))
    recordsOfA.paymentId = paymentOfA
    secretsOfA.push(paymentOfA, receiptOfA!.number, receiptOfA!.verifyCode)
    // An override of A's advances waiting for approval.
    const [overrideOfA] = await t.database.db
      .insert(advanceOverrides)
      .values({
        instituteId: instituteA,
        kind: 'refund',
        status: 'pending',
        studentId: recordsOfA.studentId!,
        amountMinor: 50,
        method: 'cash',
        reason: 'Fixture override of A',
        requestedBy: target.id,
        idempotencyKey: 'fixture-override-of-a',
        payloadHash: 'fixture',
      })
      .returning()
    recordsOfA.overrideId = overrideOfA!.id
    secretsOfA.push(overrideOfA!.id, 'Fixture override of A')
    // A cashier's day of A closed with a difference waiting for approval.
    const [closingOfA] = await t.database.db
      .insert(cashierDayClosings)
      .values({
        instituteId: instituteA,
        cashierId: target.id,
        day: '2090-01-02',
        expectedCashMinor: 0,
        countedCashMinor: 500_000,
        differenceStatus: 'pending',
        differenceReason: 'Fixture closing of A',
      })
      .returning()
    recordsOfA.closingId = closingOfA!.id
    secretsOfA.push(closingOfA!.id, 'Fixture closing of A')

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
  const queries = (): Record<string, string> => ({
    'GET /api/accounting/ledger': `?accountId=${recordsOfA.accountId}&from=${demoToday()}&to=${demoToday()}`,
    'GET /api/accounting/trial-balance': `?asOf=${demoToday()}`,
    'GET /api/students/next-roll': `?academicSessionId=${recordsOfA.sessionId}&classId=${recordsOfA.classId}`,
    // A's session, and a search its students match: B's admin must find none of them.
    'GET /api/fees/group-invoice/options': `?academicSessionId=${recordsOfA.sessionId}&q=Fixture`,
    'GET /api/fees/invoice-prints': `?academicSessionId=${recordsOfA.sessionId}&classId=${recordsOfA.classId}`,
    'GET /api/fees/invoices': `?studentId=${recordsOfA.studentId}`,
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
    const guarded = endpoints.filter(([key]) => !publicEndpoints.has(key))
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
        !publicEndpoints.has(key) && (key.includes(':') || key in bodies || queryAddressesA(key)),
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
          !publicEndpoints.has(key) &&
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
