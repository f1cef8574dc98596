import { eq } from 'drizzle-orm'
import { paymentIntents, paymentMerchants } from '../../src/server/db/schema/payments.ts'
import { type TestApp } from '../../src/server/test-support/test-app.ts'

/**
 * The demo's sandbox merchant of institute A (its store id is A's alone) and an online payment
 * of A's (a student's dues) by its reference (a refund names it so): added to A's records and
 * secrets.
 */
export async function paymentRecordsOfInstituteA(
  t: TestApp,
  a: {
    recordsOfA: Record<string, string>
    secretsOfA: string[]
    instituteA: string
    campusId: string
    studentId: string
  },
) {
  const [merchantOfA] = await t.database.db
    .select()
    .from(paymentMerchants)
    .where(eq(paymentMerchants.instituteId, a.instituteA))
  const [intentOfA] = await t.database.db
    .insert(paymentIntents)
    .values({
      instituteId: a.instituteA,
      reference: 'OPFIXTUREOFINSTA00',
      campusId: a.campusId,
      service: 'dues',
      studentId: a.studentId,
      amountMinor: 100,
      currency: 'BDT',
      provider: 'sandbox',
      merchantId: merchantOfA!.id,
      idempotencyKey: 'fixture-intent-of-a',
      payloadHash: 'fixture',
    })
    .returning()
  a.recordsOfA.merchantId = merchantOfA!.id
  a.recordsOfA.reference = intentOfA!.reference
  a.secretsOfA.push(merchantOfA!.storeId, intentOfA!.reference)
}
