import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FineRuleList, FineRuleRow } from '../../../../shared/schemas/fee-rules.ts'
import { auditLog } from '../../../db/schema/access.ts'
import { fiscalYearStart } from '../../../../shared/fiscal-year.ts'
import { defaultFiscalYearStartMonth } from '../../accounting/default-chart.ts'
import { fiscalYear } from '../../../test-support/fiscal-dates.ts'
import { demoInstituteId, signedInAs } from '../../../test-support/admission.ts'
import { insertFeeHead } from '../../../test-support/fee-rules-support.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/fine-rules'

const rule = (overrides: object = {}) => ({
  feeHeadId: null,
  effectiveFrom: '2026-07-01',
  effectiveTo: null,
  graceDays: 5,
  charge: { kind: 'per_day', amount: 1000 },
  lineCap: 20000,
  periodCap: null,
  ...overrides,
})

describe('fine rules', () => {
  let t: TestApp
  let admin: string
  let headId: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    headId = (await insertFeeHead(t, await demoInstituteId(t), 'TUI', 'Tuition')).id
  })
  const list = async (token = admin) =>
    ((await (await asUser(t, token, 'GET', path)).json()) as FineRuleList).data
  const create = (body: object, token = admin) => asUser(t, token, 'POST', path, body)
  const fieldsOf = async (res: Response) =>
    ((await res.json()) as { fields: Record<string, { code: string }[]> }).fields

  it('creates, edits and removes rules with audit rows', async () => {
    const res = await create(rule())
    expect(res.status).toBe(201)
    const created = (await res.json()) as FineRuleRow
    expect(created).toMatchObject({ graceDays: 5, charge: { kind: 'per_day', amount: 1000 } })
    const slabs = {
      feeHeadId: headId,
      charge: {
        kind: 'slabs',
        slabs: [
          { fromDay: 1, amount: 5000 },
          { fromDay: 11, amount: 10000 },
        ],
      },
      periodCap: 50000,
    }
    const own = await create(rule(slabs))
    expect(own.status).toBe(201)
    const ownRule = (await own.json()) as FineRuleRow
    expect((await list()).map((r) => r.id).sort()).toEqual([created.id, ownRule.id].sort())

    const edited = await asUser(t, admin, 'PUT', `${path}/${created.id}`, {
      ...rule(),
      charge: { kind: 'percent', rateBp: 250 },
    })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({ charge: { kind: 'percent', rateBp: 250 } })
    expect((await asUser(t, admin, 'DELETE', `${path}/${created.id}`)).status).toBe(204)
    expect((await list()).map((r) => r.id)).toEqual([ownRule.id])
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fine_rule'), eq(auditLog.entityId, created.id)))
    expect(actions.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update'])
  })

  it('refuses a rule overlapping another for the same heads, on its start date', async () => {
    const clash = await create(
      rule({ feeHeadId: headId, effectiveFrom: '2027-01-01', effectiveTo: '2027-06-30' }),
    )
    expect(clash.status).toBe(422)
    expect(await fieldsOf(clash)).toMatchObject({ effectiveFrom: [{ code: 'fine_rules_overlap' }] })
    // All heads is another set of heads: no clash.
    expect((await create(rule({ effectiveFrom: '2027-01-01' }))).status).toBe(201)
  })

  it('refuses bad input by field', async () => {
    const cases: [object, string, string][] = [
      [{ charge: { kind: 'per_day', amount: -1 } }, 'charge.amount', ''],
      [{ charge: { kind: 'percent', rateBp: 10001 } }, 'charge.rateBp', 'percent_over_100'],
      [
        {
          charge: {
            kind: 'slabs',
            slabs: [
              { fromDay: 1, amount: 100 },
              { fromDay: 1, amount: 200 },
            ],
          },
        },
        'charge.slabs',
        'fine_slabs_order',
      ],
      [
        { charge: { kind: 'slabs', slabs: [{ fromDay: 2, amount: 100 }] } },
        'charge.slabs',
        'fine_slabs_start',
      ],
      [{ graceDays: -1 }, 'graceDays', 'grace_days_range'],
      [{ effectiveTo: '2020-01-01' }, 'effectiveTo', 'end_before_start'],
      [{ lineCap: -5 }, 'lineCap', ''],
      [{ charge: { kind: 'monthly', amount: 1 } }, 'charge.kind', ''],
    ]
    for (const [overrides, field, code] of cases) {
      const res = await create(rule({ effectiveFrom: '2030-01-01', ...overrides }))
      expect(res.status, field).toBe(422)
      const fields = await fieldsOf(res)
      const key = Object.keys(fields).find((k) => k.startsWith(field.split('.')[0]!))
      expect(key, JSON.stringify(fields)).toBeDefined()
      if (code) expect(fields[key!]![0]!.code).toBe(code)
    }
  })

  it('refuses another institute’s head and keeps its rules apart', async () => {
    const other = await addUser(t, {
      username: 'fine-other',
      password: 'fine-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const otherToken = await signIn(t, other.username, 'fine-other-pass')
    const res = await create(rule({ feeHeadId: headId }), otherToken)
    expect(res.status).toBe(422)
    expect(await fieldsOf(res)).toMatchObject({ feeHeadId: [{ code: 'fee_head_not_found' }] })
    expect(await list(otherToken)).toEqual([])
    const ours = (await list())[0]!
    expect((await asUser(t, otherToken, 'PUT', `${path}/${ours.id}`, rule())).status).toBe(404)
    expect((await asUser(t, otherToken, 'DELETE', `${path}/${ours.id}`)).status).toBe(404)
  })

  it('needs the config-fine-management permission', async () => {
    const cashier = await signedInAs(t, 'fine-cashier', ['cashier'])
    expect((await asUser(t, cashier, 'GET', path)).status).toBe(403)
    expect((await create(rule({ effectiveFrom: '2031-01-01' }), cashier)).status).toBe(403)
  })

  it('starts a new rule with the earliest open day, so lines already overdue are fined', async () => {
    const res = await asUser(t, admin, 'GET', path)
    expect(((await res.json()) as FineRuleList).defaultFrom).toBe(
      fiscalYearStart(fiscalYear(-1), defaultFiscalYearStartMonth),
    )
  })
})
