// Paying online as the payment suites do: an applicant's fee started at the demo institute, the
// tester's press on the sandbox gateway's hosted page, the intent as stored, and its settling.
import { eq } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import { paymentIntents } from '../db/schema/payments.ts'
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
