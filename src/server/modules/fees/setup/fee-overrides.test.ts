import { describe, expect, it } from 'vitest'
import type { FeeOverride } from '../../../../shared/schemas/fee-setup.ts'
import { enrolments, students } from '../../../db/schema/students.ts'
import { addFeeHead, feeStructure } from '../../../test-support/fees.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/overrides'

describe('student fee overrides', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  it('sets an amount or an exclusion for several students, reads and removes them', async () => {
    const { current } = await feeStructure(t, admin)
    const head = await addFeeHead(t, admin, { code: 'BUS', name: 'Transport', kind: 'recurring' })
    const some = await t.database.db.select().from(students).limit(3)
    const ids = some.map((s) => s.id)
    const target = { feeHeadId: head.id, academicSessionId: current.id }
    const set = await asUser(t, admin, 'PUT', path, {
      ...target,
      studentIds: ids.slice(0, 2),
      amountMinor: 120000,
      reason: 'Uses the bus',
    })
    expect(set.status).toBe(200)
    expect(await set.json()).toEqual({ changed: 2 })
    const excluded = await asUser(t, admin, 'PUT', path, {
      ...target,
      studentIds: [ids[1], ids[2]],
      excluded: true,
    })
    expect(await excluded.json()).toEqual({ changed: 2 })
    const read = async (query: string) =>
      (
        (await (await asUser(t, admin, 'GET', `${path}?${query}`)).json()) as {
          data: FeeOverride[]
        }
      ).data
    const all = await read(`academicSessionId=${current.id}&feeHeadId=${head.id}`)
    expect(all.map((o) => [o.studentId, o.amountMinor, o.excluded])).toEqual(
      expect.arrayContaining([
        [ids[0], 120000, false],
        [ids[1], null, true],
        [ids[2], null, true],
      ]),
    )
    expect(await read(`studentId=${ids[0]}`)).toMatchObject([
      { reason: 'Uses the bus', studentCode: some[0]!.studentCode },
    ])

    const removed = await asUser(t, admin, 'POST', `${path}/remove`, { ...target, studentIds: ids })
    expect(await removed.json()).toEqual({ changed: 3 })
    expect(await read(`feeHeadId=${head.id}`)).toEqual([])
  })

  it('refuses an override without an amount, an unknown student, and strangers', async () => {
    const { current } = await feeStructure(t, admin)
    const head = await addFeeHead(t, admin, { code: 'LAB', name: 'Lab', kind: 'one_time' })
    const [student] = await t.database.db.select().from(students).limit(1)
    const body = { feeHeadId: head.id, academicSessionId: current.id, studentIds: [student!.id] }
    const noAmount = await asUser(t, admin, 'PUT', path, body)
    expect(noAmount.status).toBe(422)
    expect(await noAmount.json()).toMatchObject({
      fields: { amountMinor: [{ code: 'override_amount_required' }] },
    })
    const unknown = await asUser(t, admin, 'PUT', path, {
      ...body,
      studentIds: [student!.id, '00000000-0000-4000-8000-000000000000'],
      amountMinor: 1,
    })
    expect(await unknown.json()).toMatchObject({
      fields: { 'studentIds.1': [{ code: 'student_not_found' }] },
    })

    await addUser(t, { username: 'cashier4', password: 'cashier-pass-4', roles: ['cashier'] })
    const cashier = await signIn(t, 'cashier4', 'cashier-pass-4')
    expect((await asUser(t, cashier, 'PUT', path, { ...body, amountMinor: 1 })).status).toBe(403)
    await addUser(t, {
      username: 'other-ovr',
      password: 'other-ovr-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-ovr', 'other-ovr-pass')
    const foreign = await asUser(t, other, 'PUT', path, { ...body, amountMinor: 1 })
    expect(foreign.status).toBe(422)
    expect(await foreign.json()).toMatchObject({
      fields: { feeHeadId: [{ code: 'unknown_fee_head' }] },
    })
  })

  it("lists a class's active students of a session to choose from, and refuses bad queries", async () => {
    const [enrolment] = await t.database.db.select().from(enrolments).limit(1)
    const query = `academicSessionId=${enrolment!.academicSessionId}&classId=${enrolment!.classId}`
    const res = await asUser(t, admin, 'GET', `${path}/students?${query}`)
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: { studentId: string; roll: number }[] }
    expect(data.map((s) => s.studentId)).toContain(enrolment!.studentId)
    const inClass = await t.database.db.select().from(enrolments)
    const expected = inClass.filter(
      (e) =>
        e.academicSessionId === enrolment!.academicSessionId && e.classId === enrolment!.classId,
    )
    expect(data.length).toBeLessThanOrEqual(expected.length)

    const bad = await asUser(t, admin, 'GET', `${path}/students?academicSessionId=x`)
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual(
      expect.arrayContaining(['academicSessionId', 'classId']),
    )
    await addUser(t, { username: 'other-cls', password: 'other-cls-pass', otherInstitute: true })
    const other = await signIn(t, 'other-cls', 'other-cls-pass')
    const foreign = await asUser(t, other, 'GET', `${path}/students?${query}`)
    expect(foreign.status).toBe(403)
    await addUser(t, {
      username: 'other-cls-admin',
      password: 'other-cls-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const otherAdmin = await signIn(t, 'other-cls-admin', 'other-cls-admin-pass')
    const none = await asUser(t, otherAdmin, 'GET', `${path}/students?${query}`)
    expect(await none.json()).toEqual({ data: [] })
  })
})
