import { describe, expect, it } from 'vitest'
import type { PaymentCycle } from '../../../../shared/schemas/fee-setup.ts'
import { invoices } from '../../../db/schema/fee-invoices.ts'
import { students } from '../../../db/schema/students.ts'
import { feeStructure } from '../../../test-support/fees.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/payment-cycles'

describe('payment cycles', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  it('generates a monthly cycle’s periods over the session, due on the 10th', async () => {
    const { current } = await feeStructure(t, admin)
    const year = current.startsOn.slice(0, 4)
    const res = await asUser(t, admin, 'POST', path, {
      academicSessionId: current.id,
      name: 'Monthly',
      frequency: 'monthly',
    })
    expect(res.status).toBe(201)
    const cycle = (await res.json()) as PaymentCycle
    expect(cycle.periods).toHaveLength(12)
    expect(cycle.periods[0]).toMatchObject({
      name: `January ${year}`,
      sequence: 1,
      startsOn: `${year}-01-01`,
      endsOn: `${year}-01-31`,
      issueDate: `${year}-01-01`,
      dueDate: `${year}-01-10`,
      invoiced: false,
    })
    expect(cycle.periods[11]).toMatchObject({ name: `December ${year}`, endsOn: `${year}-12-31` })

    const quarterly = await asUser(t, admin, 'POST', path, {
      academicSessionId: current.id,
      name: 'Quarterly',
      frequency: 'quarterly',
      dueAfterDays: 14,
    })
    const quarters = ((await quarterly.json()) as PaymentCycle).periods
    expect(quarters.map((p) => [p.startsOn, p.endsOn, p.dueDate])).toEqual([
      [`${year}-01-01`, `${year}-03-31`, `${year}-01-15`],
      [`${year}-04-01`, `${year}-06-30`, `${year}-04-15`],
      [`${year}-07-01`, `${year}-09-30`, `${year}-07-15`],
      [`${year}-10-01`, `${year}-12-31`, `${year}-10-15`],
    ])

    const list = await asUser(t, admin, 'GET', `${path}?academicSessionId=${current.id}`)
    expect(((await list.json()) as { data: PaymentCycle[] }).data.map((c) => c.name)).toEqual([
      'Monthly',
      'Quarterly',
    ])
    const again = await asUser(t, admin, 'POST', path, {
      academicSessionId: current.id,
      name: 'monthly',
      frequency: 'monthly',
    })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      fields: { name: [{ code: 'payment_cycle_name_taken' }] },
    })
  })

  it('edits a period’s dates within the session; refuses bad dates naming the field', async () => {
    const { current } = await feeStructure(t, admin)
    const year = current.startsOn.slice(0, 4)
    const created = await asUser(t, admin, 'POST', path, {
      academicSessionId: current.id,
      name: 'Half-yearly',
      frequency: 'half_yearly',
    })
    const cycle = (await created.json()) as PaymentCycle
    const period = cycle.periods[0]!
    const periodPath = `${path}/${cycle.id}/periods/${period.id}`
    const edited = await asUser(t, admin, 'PUT', periodPath, {
      ...period,
      name: 'First half',
      dueDate: `${year}-01-20`,
    })
    expect(edited.status).toBe(200)
    expect(((await edited.json()) as PaymentCycle).periods[0]).toMatchObject({
      name: 'First half',
      dueDate: `${year}-01-20`,
    })
    const bad = await asUser(t, admin, 'PUT', periodPath, {
      ...period,
      dueDate: `${year}-01-01`,
      issueDate: `${year}-01-05`,
      endsOn: 'soon',
    })
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({
      fields: {
        endsOn: expect.arrayContaining([{ code: 'invalid_date' }]),
        dueDate: [{ code: 'due_before_issue' }],
      },
    })
    const outside = await asUser(t, admin, 'PUT', periodPath, {
      ...period,
      startsOn: `${Number(year) - 1}-12-01`,
    })
    expect(outside.status).toBe(422)
    expect(await outside.json()).toMatchObject({
      fields: {
        startsOn: [{ code: 'period_outside_session', values: { from: current.startsOn } }],
      },
    })
    const unknown = await asUser(t, admin, 'POST', path, {
      academicSessionId: '00000000-0000-4000-8000-000000000000',
      name: 'X',
      frequency: 'fortnightly',
    })
    expect(await unknown.json()).toMatchObject({
      fields: { frequency: [{ code: 'cycle_frequency_unknown' }] },
    })
  })

  it('deletes a period or a cycle only while nothing is invoiced for it (409)', async () => {
    const { current } = await feeStructure(t, admin)
    const created = await asUser(t, admin, 'POST', path, {
      academicSessionId: current.id,
      name: 'Yearly',
      frequency: 'yearly',
    })
    const cycle = (await created.json()) as PaymentCycle
    expect(cycle.periods).toHaveLength(1)
    expect(cycle.periods[0]!.name).toBe(current.name)
    const added = await asUser(t, admin, 'POST', `${path}/${cycle.id}/periods`, {
      name: 'Extra',
      startsOn: current.startsOn,
      endsOn: current.startsOn,
      issueDate: current.startsOn,
      dueDate: current.startsOn,
    })
    expect(added.status).toBe(201)
    const [first, extra] = ((await added.json()) as PaymentCycle).periods
    expect(extra).toMatchObject({ name: 'Extra', sequence: 2 })
    expect(
      (await asUser(t, admin, 'DELETE', `${path}/${cycle.id}/periods/${extra!.id}`)).status,
    ).toBe(200)

    const [student] = await t.database.db.select().from(students).limit(1)
    await t.database.db.insert(invoices).values({
      instituteId: student!.instituteId,
      number: 'INV-CYCLE-1',
      fiscalYear: 2026,
      sequence: 1,
      studentId: student!.id,
      academicSessionId: current.id,
      periodId: first!.id,
      campusId: student!.campusId,
      issueDate: first!.issueDate,
      dueDate: first!.dueDate,
    })
    const refused = await asUser(t, admin, 'DELETE', `${path}/${cycle.id}/periods/${first!.id}`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'period_invoiced', values: { count: 1 } })
    expect((await asUser(t, admin, 'DELETE', `${path}/${cycle.id}`)).status).toBe(409)
    const list = await asUser(t, admin, 'GET', `${path}?academicSessionId=${current.id}`)
    const kept = ((await list.json()) as { data: PaymentCycle[] }).data.find(
      (c) => c.id === cycle.id,
    )
    expect(kept?.periods[0]?.invoiced).toBe(true)
  })

  it('needs its permission, and keeps each institute’s cycles apart', async () => {
    const { current } = await feeStructure(t, admin)
    const list = await asUser(t, admin, 'GET', `${path}?academicSessionId=${current.id}`)
    const cycle = ((await list.json()) as { data: PaymentCycle[] }).data[0]!
    await addUser(t, { username: 'cashier2', password: 'cashier-pass-2', roles: ['cashier'] })
    const cashier = await signIn(t, 'cashier2', 'cashier-pass-2')
    expect(
      (await asUser(t, cashier, 'GET', `${path}?academicSessionId=${current.id}`)).status,
    ).toBe(403)
    expect((await asUser(t, cashier, 'DELETE', `${path}/${cycle.id}`)).status).toBe(403)

    await addUser(t, {
      username: 'other-cycles',
      password: 'other-cycles-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-cycles', 'other-cycles-pass')
    const theirs = await asUser(t, other, 'GET', `${path}?academicSessionId=${current.id}`)
    expect(((await theirs.json()) as { data: unknown[] }).data).toEqual([])
    expect((await asUser(t, other, 'PATCH', `${path}/${cycle.id}`, { name: 'Mine' })).status).toBe(
      404,
    )
    expect(
      (
        await asUser(t, other, 'POST', path, {
          academicSessionId: current.id,
          name: 'M',
          frequency: 'monthly',
        })
      ).status,
    ).toBe(422)
  })
})
