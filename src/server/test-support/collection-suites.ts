// The set-up of the payment and advance suites: the demo admin's app, a family at the counter,
// the users the suites act as, and the requests and ledger reads they repeat.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect } from 'vitest'
import type { AdvanceFamily } from '../../shared/schemas/advances.ts'
import { invoices } from '../db/schema/fee-invoices.ts'
import { signedInAs } from './admission.ts'
import { counterFamily } from './collection.ts'
import { adminSuite } from './sign-in.ts'
import { asUser, type TestApp } from './test-app.ts'

type Family = Awaited<ReturnType<typeof counterFamily>>

/** The institute's ledger balance (debit − credit) of the account mapped to `purpose`. */
const ledgerBalance = async (t: TestApp, instituteId: string, purpose: string) =>
  Number(
    (
      (await t.database.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0) as n
        from voucher_lines l join coa_mappings m on m.account_id = l.account_id
          and m.purpose = ${purpose} and m.institute_id = l.institute_id
        where l.institute_id = ${instituteId}`)) as unknown as { rows: { n: string }[] }
    ).rows[0]!.n,
  )

export interface PaymentSuite {
  t: TestApp
  admin: string
  family: Family
  cashier: string
  /** Takes a payment, under a new Idempotency-Key unless one is given. */
  pay: (body: object, token?: string, idempotencyKey?: string) => ReturnType<typeof asUser>
  /** The family's institute's ledger balance of the account mapped to `purpose`. */
  balanceOf: (purpose: string) => Promise<number>
  /** An invoice's status, read now. */
  statusOf: (invoiceId: string) => Promise<string>
}

/** Registers the hooks of a counter-payments suite: `paymentSuite((s) => ({ t, pay } = s))`. */
export function paymentSuite(ready: (suite: PaymentSuite) => void) {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const family = await counterFamily(t, admin, 'CTR', '+880 1711-555001')
    const cashier = await signedInAs(t, 'counter-cashier', ['cashier'])
    let key = 0
    ready({
      t,
      admin,
      family,
      cashier,
      pay: (body, token = admin, idempotencyKey = `counter-key-${++key}`) =>
        asUser(t, token, 'POST', '/api/collection/payments', body, {
          'Idempotency-Key': idempotencyKey,
        }),
      balanceOf: (purpose) => ledgerBalance(t, family.instituteId, purpose),
      statusOf: async (invoiceId) =>
        (await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status,
    })
  })
}

export interface AdvanceSuite {
  t: TestApp
  admin: string
  family: Family
  approver: string
  cashier: string
  /** The family's three students. */
  s0: string
  s1: string
  s2: string
  /** Asks for an advance override, under a new Idempotency-Key unless one is given. */
  override: (body: object, token?: string, idempotencyKey?: string) => ReturnType<typeof asUser>
  /** Approves or rejects an override. */
  decide: (
    id: string,
    decision: 'approve' | 'reject',
    token: string,
    note?: string,
  ) => ReturnType<typeof asUser>
  /** A student's family with its advance movements. */
  advancesOf: (studentId: string, token?: string) => Promise<AdvanceFamily>
  /** The family's institute's ledger balance of the account mapped to `purpose`. */
  balanceOf: (purpose: string) => Promise<number>
  /** The refusal's codes by field. */
  fieldsOf: (res: Response) => Promise<Record<string, { code: string }[]>>
  /** Saves the advance policy. */
  setPolicy: (body: object, token?: string) => ReturnType<typeof asUser>
}

/**
 * Registers the hooks of an advances suite, the first child holding 200,000 paid ahead:
 * `advanceSuite((s) => ({ t, override } = s))`.
 */
export function advanceSuite(ready: (suite: AdvanceSuite) => void) {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const family = await counterFamily(t, admin, 'ADV', '+880 1711-555077')
    const [s0, s1, s2] = family.studentIds as [string, string, string]
    const approver = await signedInAs(t, 'advance-approver', ['accountant'])
    const cashier = await signedInAs(t, 'advance-cashier', ['cashier'])
    // 200,000 paid ahead for the first child: their advance.
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      {
        studentId: s0,
        allocations: [],
        toAdvance: { studentId: s0, amountMinor: 200_000 },
        tenders: [{ method: 'cash', amountMinor: 200_000 }],
      },
      { 'Idempotency-Key': 'advance-paid-ahead' },
    )
    expect(res.status).toBe(201)
    let key = 0
    ready({
      t,
      admin,
      family,
      approver,
      cashier,
      s0,
      s1,
      s2,
      override: (body, token = admin, idempotencyKey = `advance-key-${++key}`) =>
        asUser(t, token, 'POST', '/api/collection/advances/overrides', body, {
          'Idempotency-Key': idempotencyKey,
        }),
      decide: (id, decision, token, note = '') =>
        asUser(t, token, 'POST', `/api/collection/advances/overrides/${id}/${decision}`, { note }),
      advancesOf: async (studentId, token = admin) => {
        const res = await asUser(t, token, 'GET', `/api/collection/advances/families/${studentId}`)
        expect(res.status).toBe(200)
        return (await res.json()) as AdvanceFamily
      },
      balanceOf: (purpose) => ledgerBalance(t, family.instituteId, purpose),
      fieldsOf: async (res) =>
        ((await res.json()) as { fields: Record<string, { code: string }[]> }).fields,
      setPolicy: (body, token = admin) =>
        asUser(t, token, 'PUT', '/api/collection/advances/settings', body),
    })
  })
}
