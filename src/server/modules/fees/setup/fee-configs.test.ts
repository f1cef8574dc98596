import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FeeConfigGrid, PaymentCycle } from '../../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../../shared/schemas/fee-heads.ts'
import { auditLog } from '../../../db/schema/access.ts'
import { addFeeHead, feeStructure } from '../../../test-support/fees.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/configs'

describe('fee configuration', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let structure: Awaited<ReturnType<typeof feeStructure>>
  let tuition: FeeHead
  let admission: FeeHead
  let cycle: PaymentCycle

  beforeAll(async () => {
    structure = await feeStructure(t, admin)
    tuition = await addFeeHead(t, admin, { code: 'TUI', name: 'Tuition' })
    admission = await addFeeHead(t, admin, { code: 'ADM', name: 'Admission', kind: 'one_time' })
    const res = await asUser(t, admin, 'POST', '/api/fees/payment-cycles', {
      academicSessionId: structure.current.id,
      name: 'Monthly',
      frequency: 'monthly',
    })
    cycle = (await res.json()) as PaymentCycle
  })

  const grid = async (query: string) =>
    (await (await asUser(t, admin, 'GET', `${path}?${query}`)).json()) as FeeConfigGrid
  const save = (body: object) => asUser(t, admin, 'PUT', path, body)

  it('saves changed cells at once, reads them back per scope, and audits the save', async () => {
    const one = structure.classNamed('One').id
    const two = structure.classNamed('Two').id
    const scope = { academicSessionId: structure.current.id, cycleId: cycle.id }
    const res = await save({
      ...scope,
      changes: [
        { classId: one, feeHeadId: tuition.id, amountMinor: 150000 },
        { classId: two, feeHeadId: tuition.id, amountMinor: 175050 },
        { classId: one, feeHeadId: admission.id, amountMinor: 500000 },
      ],
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ changed: 3 })
    const cells = (await grid(`academicSessionId=${scope.academicSessionId}&cycleId=${cycle.id}`))
      .cells
    expect(cells).toHaveLength(3)
    expect(cells).toContainEqual({ classId: two, feeHeadId: tuition.id, amountMinor: 175050 })
    // Without the cycle, the grid shows the one-time head's amounts only.
    expect((await grid(`academicSessionId=${scope.academicSessionId}`)).cells).toEqual([
      { classId: one, feeHeadId: admission.id, amountMinor: 500000 },
    ])
    // Another campus's grid is its own.
    const campus = structure.campuses[1]!.id
    expect(
      (
        await grid(
          `academicSessionId=${scope.academicSessionId}&cycleId=${cycle.id}&campusId=${campus}`,
        )
      ).cells,
    ).toEqual([])

    const changed = await save({
      ...scope,
      changes: [
        { classId: one, feeHeadId: tuition.id, amountMinor: 160000 },
        { classId: two, feeHeadId: tuition.id, amountMinor: null },
        { classId: one, feeHeadId: admission.id, amountMinor: 500000 },
      ],
    })
    expect(await changed.json()).toMatchObject({ changed: 2 })
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fee_config'), eq(auditLog.entityId, scope.academicSessionId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(row).toMatchObject({
      area: 'fees',
      action: 'update',
      before: { amounts: { [`${one}:TUI`]: 150000, [`${two}:TUI`]: 175050 } },
      after: { amounts: { [`${one}:TUI`]: 160000, [`${two}:TUI`]: null } },
    })
  })

  it('refuses negative, fractional and unknown cells, and a recurring head without a cycle', async () => {
    const one = structure.classNamed('One').id
    const res = await save({
      academicSessionId: structure.current.id,
      changes: [
        { classId: one, feeHeadId: tuition.id, amountMinor: -1 },
        { classId: one, feeHeadId: tuition.id, amountMinor: 10.5 },
        { classId: 'x', feeHeadId: tuition.id, amountMinor: 1 },
      ],
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({
      fields: {
        'changes.0.amountMinor': [{ code: 'amount_negative' }],
        'changes.1.amountMinor': [{ code: 'amount_fraction' }],
        'changes.2.classId': [{ code: 'invalid_id' }],
      },
    })
    const noCycle = await save({
      academicSessionId: structure.current.id,
      changes: [
        { classId: one, feeHeadId: tuition.id, amountMinor: 1 },
        { classId: one, feeHeadId: '00000000-0000-4000-8000-000000000000', amountMinor: 1 },
      ],
    })
    expect(await noCycle.json()).toMatchObject({
      fields: {
        cycleId: [{ code: 'fee_cycle_required' }],
        'changes.1.feeHeadId': [{ code: 'unknown_fee_head' }],
      },
    })
    const otherSession = await save({
      academicSessionId: structure.next.id,
      cycleId: cycle.id,
      changes: [],
    })
    expect(await otherSession.json()).toMatchObject({
      fields: { cycleId: [{ code: 'unknown_structure_item' }] },
    })
  })

  it('copies a session to the next with a percentage and rounding, cycles matched by name', async () => {
    const one = structure.classNamed('One').id
    await asUser(t, admin, 'POST', '/api/fees/payment-cycles', {
      academicSessionId: structure.next.id,
      name: 'monthly',
      frequency: 'monthly',
    })
    const res = await asUser(t, admin, 'POST', `${path}/copy`, {
      fromSessionId: structure.current.id,
      toSessionId: structure.next.id,
      changeBp: 750,
      rounding: 'ten',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ copied: 2, skipped: 0 })
    const nextCycle = (
      (await (
        await asUser(
          t,
          admin,
          'GET',
          `/api/fees/payment-cycles?academicSessionId=${structure.next.id}`,
        )
      ).json()) as { data: PaymentCycle[] }
    ).data[0]!
    const cells = (await grid(`academicSessionId=${structure.next.id}&cycleId=${nextCycle.id}`))
      .cells
    // 1600.00 + 7.5 % = 1720.00; 5000.00 + 7.5 % = 5375.00 → 5380.00 (to 10, half up).
    expect(cells).toEqual(
      expect.arrayContaining([
        { classId: one, feeHeadId: tuition.id, amountMinor: 172000 },
        { classId: one, feeHeadId: admission.id, amountMinor: 538000 },
      ]),
    )
    const same = await asUser(t, admin, 'POST', `${path}/copy`, {
      fromSessionId: structure.current.id,
      toSessionId: structure.current.id,
    })
    expect(await same.json()).toMatchObject({
      fields: { toSessionId: [{ code: 'fee_copy_same_session' }] },
    })
  })

  it('needs the fee configuration permission; another institute reads and writes none of ours', async () => {
    await addUser(t, { username: 'cashier3', password: 'cashier-pass-3', roles: ['cashier'] })
    const cashier = await signIn(t, 'cashier3', 'cashier-pass-3')
    const query = `${path}?academicSessionId=${structure.current.id}`
    expect((await asUser(t, cashier, 'GET', query)).status).toBe(403)
    expect(
      (
        await asUser(t, cashier, 'PUT', path, {
          academicSessionId: structure.current.id,
          changes: [],
        })
      ).status,
    ).toBe(403)

    await addUser(t, {
      username: 'other-configs',
      password: 'other-configs-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-configs', 'other-configs-pass')
    const read = await asUser(t, other, 'GET', query)
    expect(read.status).toBe(422)
    expect(await read.json()).toMatchObject({
      fields: { academicSessionId: [{ code: 'unknown_structure_item' }] },
    })
    const copy = await asUser(t, other, 'POST', `${path}/copy`, {
      fromSessionId: structure.current.id,
      toSessionId: structure.next.id,
    })
    expect(copy.status).toBe(422)
  })
})
