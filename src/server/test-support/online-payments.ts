// Paying online as the payment suites do: an applicant's fee started at the demo institute, the
// tester's press on the sandbox gateway's hosted page, the intent as stored, and its settling.
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, vi } from 'vitest'
import type { StartedPayment } from '../../shared/schemas/payments.ts'
import { payments } from '../db/schema/collection.ts'
import { paymentIntents } from '../db/schema/payments.ts'
import { demoInstituteId, insertApplicant, insertForm } from './admission.ts'
import { adminSuite } from './sign-in.ts'
import type { TestApp } from './test-app.ts'

/** Starts paying an application's fee online under the Idempotency-Key given. */
export const startFeePayment = (t: TestApp, temporaryId: string, key: string) =>
  t.app.request('/api/payments/public/demo-school/intents', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ purpose: 'admission_fee', temporaryId }),
  })

/** The tester's press on the sandbox's hosted page: `{ outcome: 'pay' }` and its switches. */
export const pressInSandbox = (t: TestApp, redirectUrl: string, fields: Record<string, string>) =>
  t.app.request(new URL(redirectUrl).pathname, {
    method: 'POST',
    body: new URLSearchParams(fields),
  })

/** The intent as stored now. */
export const intentRow = async (t: TestApp, reference: string) =>
  (
    await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference))
  )[0]!

/** Waits until the intent is no longer open (the sandbox's notification may come late). */
export const intentSettled = (t: TestApp, reference: string) =>
  vi.waitFor(
    async () => expect((await intentRow(t, reference)).status).not.toMatch(/created|pending/),
    { timeout: 5_000, interval: 25 },
  )

export interface FeePaymentSuite {
  t: TestApp
  admin: string
  instituteId: string
  /** A published form of the demo institute with the suite's fee. */
  form: { id: string; instituteId: string }
  /** A new application whose fee is due. */
  feeDue: () => ReturnType<typeof insertApplicant>
  /** Starts paying the fee, under a new Idempotency-Key unless one is given. */
  start: (temporaryId: string, key?: string) => ReturnType<typeof startFeePayment>
  started: (temporaryId: string) => Promise<StartedPayment>
  press: (redirectUrl: string, fields: Record<string, string>) => ReturnType<typeof pressInSandbox>
  intentOf: (reference: string) => ReturnType<typeof intentRow>
  settled: (reference: string) => Promise<void>
  /** The payments the books took for an applicant. */
  paymentsOf: (applicantId: string) => Promise<(typeof payments.$inferSelect)[]>
}

/**
 * Registers the hooks of a suite paying applicants' fees online through the sandbox:
 * `feePaymentSuite(50_000, (s) => ({ t, feeDue, started } = s))`.
 */
export function feePaymentSuite(fee: number, ready: (suite: FeePaymentSuite) => void) {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const instituteId = await demoInstituteId(t)
    const form = await insertForm(t, instituteId, { fee })
    let keys = 0
    const start = (temporaryId: string, key = `${temporaryId}-${++keys}`) =>
      startFeePayment(t, temporaryId, key)
    ready({
      t,
      admin,
      instituteId,
      form,
      feeDue: () => insertApplicant(t, form, { status: 'fee_due', fee }),
      start,
      started: async (temporaryId) => (await (await start(temporaryId)).json()) as StartedPayment,
      press: (redirectUrl, fields) => pressInSandbox(t, redirectUrl, fields),
      intentOf: (reference) => intentRow(t, reference),
      settled: (reference) => intentSettled(t, reference),
      paymentsOf: (applicantId) =>
        t.database.db
          .select()
          .from(payments)
          .where(and(eq(payments.instituteId, instituteId), eq(payments.applicantId, applicantId))),
    })
  })
}
