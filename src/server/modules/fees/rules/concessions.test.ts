import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Concession } from '../../../../shared/schemas/fee-rules.ts'
import { auditLog } from '../../../db/schema/access.ts'
import { demoInstituteId, signedInAs, signedInWithRules } from '../../../test-support/admission.ts'
import { insertFeeHead, insertStudent, sessionOf } from '../../../test-support/fee-rules-support.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/concessions'

describe('concessions', () => {
  let t: TestApp
  let admin: string
  let maker: string
  let checker: string
  let headId: string
  let sessionId: string
  let elder: string
  let younger: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const instituteId = await demoInstituteId(t)
    headId = (await insertFeeHead(t, instituteId, 'TUI', 'Tuition')).id
    sessionId = await sessionOf(t, instituteId)
    const family = '01711000999'
    elder = (
      await insertStudent(t, instituteId, {
        fullName: 'Arif Concession',
        studentCode: 'CON-1',
        guardianPhone: family,
        dateOfBirth: '2012-01-01',
      })
    ).id
    younger = (
      await insertStudent(t, instituteId, {
        fullName: 'Bina Concession',
        studentCode: 'CON-2',
        guardianPhone: family,
        dateOfBirth: '2015-01-01',
      })
    ).id
    maker = await signedInWithRules(t, 'con-maker', [
      { action: 'manage', subject: 'student-concessions' },
    ])
    checker = await signedInAs(t, 'con-checker', ['accountant'])
  })
  const request = (body: object = {}, token = maker) =>
    asUser(t, token, 'POST', path, {
      studentId: younger,
      feeHeadId: headId,
      academicSessionId: sessionId,
      terms: { kind: 'percent', rateBp: 1000 },
      category: 'sibling',
      reason: 'Second child',
      ...body,
    })
  const list = async (query = '', token = admin) =>
    ((await (await asUser(t, token, 'GET', `${path}${query}`)).json()) as { data: Concession[] })
      .data
  const act = (id: string, step: string, token: string, note = 'Checked') =>
    asUser(t, token, 'POST', `${path}/${id}/${step}`, { note })

  it('is requested by one user and approved by another, then revoked; all audited', async () => {
    const res = await request()
    expect(res.status).toBe(201)
    const made = (await res.json()) as Concession
    expect(made).toMatchObject({ status: 'requested', studentName: 'Bina Concession' })
    // The maker cannot approve (no right), the requester never (self-approval).
    expect((await act(made.id, 'approve', maker)).status).toBe(403)
    const mine = (await (await request({}, admin)).json()) as Concession
    const self = await act(mine.id, 'approve', admin)
    expect(self.status).toBe(403)
    expect(await self.json()).toMatchObject({ code: 'concession_self_approval' })

    const approved = await act(made.id, 'approve', checker)
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({
      status: 'approved',
      approvedByName: 'User con-checker',
    })
    expect((await act(made.id, 'approve', checker)).status).toBe(409)
    expect((await act(made.id, 'revoke', checker, '')).status).toBe(422)
    const revoked = await act(made.id, 'revoke', checker, 'Left the school')
    expect(await revoked.json()).toMatchObject({ status: 'revoked' })
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'concession'), eq(auditLog.entityId, made.id)))
    expect(actions.map((a) => a.action).sort()).toEqual(['approve', 'request', 'revoke'])

    const rejected = await act(mine.id, 'reject', checker, 'No document')
    expect(await rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'No document' })
  })

  it('lists with filters', async () => {
    expect((await list('?status=rejected')).map((c) => c.status)).toEqual(['rejected'])
    expect(await list(`?studentId=${elder}`)).toEqual([])
    expect((await list('?category=merit')).length).toBe(0)
    expect((await asUser(t, admin, 'GET', `${path}?status=lost`)).status).toBe(422)
  })

  it('refuses bad input by field', async () => {
    const cases: [object, string, string][] = [
      [{ terms: { kind: 'percent', rateBp: 10001 } }, 'terms.rateBp', 'concession_over_100'],
      [{ terms: { kind: 'fixed', amount: -1 } }, 'terms.amount', ''],
      [{ category: 'friend' }, 'category', 'concession_category_required'],
      [{ reason: ' ' }, 'reason', 'concession_reason_required'],
      [{ studentId: headId }, 'studentId', 'concession_student_not_found'],
      [{ feeHeadId: younger }, 'feeHeadId', 'fee_head_not_found'],
      [{ academicSessionId: younger }, 'academicSessionId', 'concession_session_not_found'],
      [{ fromPeriodId: younger }, 'fromPeriodId', 'concession_period_not_found'],
    ]
    for (const [body, field, code] of cases) {
      const res = await request(body)
      expect(res.status, field).toBe(422)
      const { fields } = (await res.json()) as { fields: Record<string, { code: string }[]> }
      expect(fields[field], JSON.stringify(fields)).toBeDefined()
      if (code) expect(fields[field]![0]!.code).toBe(code)
    }
  })

  it('keeps another institute’s concessions apart', async () => {
    const other = await addUser(t, {
      username: 'con-other',
      password: 'con-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const otherToken = await signIn(t, other.username, 'con-other-pass')
    const ours = (await list())[0]!
    expect(await list('', otherToken)).toEqual([])
    expect((await act(ours.id, 'approve', otherToken)).status).toBe(404)
    expect((await act('not-an-id', 'approve', checker)).status).toBe(404)
    const res = await request({}, otherToken)
    expect(res.status).toBe(422)
  })

  it('needs the student-concessions permission', async () => {
    const cashier = await signedInAs(t, 'con-cashier', ['cashier'])
    expect((await asUser(t, cashier, 'GET', path)).status).toBe(403)
    expect((await request({}, cashier)).status).toBe(403)
  })

  it('requests a sibling concession for every younger sibling, previewed first', async () => {
    const rule = {
      feeHeadId: headId,
      academicSessionId: sessionId,
      rateBp: 1000,
      reason: 'Second child',
    }
    const preview = await asUser(t, maker, 'POST', `${path}/siblings/preview`, rule)
    // The demo school has families too: every younger one of each, ours included.
    const counted = (await preview.json()) as { families: number; students: number }
    expect(counted.students).toBeGreaterThanOrEqual(counted.families)
    expect(counted.families).toBeGreaterThan(0)
    const made = await asUser(t, maker, 'POST', `${path}/siblings`, rule)
    expect(made.status).toBe(201)
    expect(await made.json()).toEqual(counted)
    const requested = await list(`?studentId=${younger}&status=requested`)
    expect(requested).toMatchObject([
      { category: 'sibling', terms: { kind: 'percent', rateBp: 1000 } },
    ])
    // A second run adds none for the same head and session.
    expect(await (await asUser(t, maker, 'POST', `${path}/siblings`, rule)).json()).toMatchObject({
      students: 0,
    })
    const bad = await asUser(t, maker, 'POST', `${path}/siblings`, { ...rule, rateBp: 0 })
    expect(bad.status).toBe(422)
  })
})
