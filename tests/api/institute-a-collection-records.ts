import { eq } from 'drizzle-orm'
import { takePayment } from '../../src/server/modules/collection/payment-create.ts'
import {
  advanceOverrides,
  cashierDayClosings,
  payments,
} from '../../src/server/db/schema/collection.ts'
import { type TestApp } from '../../src/server/test-support/test-app.ts'

/**
 * A receipt, an advance override and a closed cashier's day of institute A, taken by the cashier
 * `cashierId` on the fixture student's invoice line: added to A's records and secrets.
 */
export async function collectionRecordsOfInstituteA(
  t: TestApp,
  a: {
    recordsOfA: Record<string, string>
    secretsOfA: string[]
    instituteA: string
    cashierId: string
  },
) {
  const { recordsOfA, secretsOfA, instituteA } = a
  const target = { id: a.cashierId }
  // A receipt of A: half of the fixture invoice's line, in cash.
  const paymentOfA = await t.database.db.transaction((tx) =>
    takePayment(
      tx,
      instituteA,
      {
        studentId: recordsOfA.studentId!,
        allocations: [{ lineId: recordsOfA.lineId!, principalMinor: 50, fineMinor: 0 }],
        advanceUsed: [],
        toAdvance: null,
        tenders: [{ method: 'cash', amountMinor: 50, bankAccount: '', reference: '', issuer: '' }],
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
}
