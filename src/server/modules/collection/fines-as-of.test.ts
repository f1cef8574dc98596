import { describe, expect, it } from 'vitest'
import { familyOf } from '../../test-support/collection.ts'
import { paymentSuite, type PaymentSuite } from '../../test-support/collection-suites.ts'
import { takePayment } from './payment-create.ts'

describe('a payment that pays the fines as they stood on an earlier day', () => {
  let s: PaymentSuite
  paymentSuite((suite) => (s = suite))

  it('is refused as of today, where the fine has grown, and taken as of the day it was fixed', async () => {
    const studentId = s.family.studentIds[0]!
    const line = (await familyOf(s.t, s.admin, studentId)).members
      .find((m) => m.studentId === studentId)!
      .lines.find((l) => l.fineMinor > 0)!
    // The principal, and no fine: what an online payment fixed before the fine began (the
    // invoice was due on 15 January 2000), confirmed by its gateway today.
    const take = (finesAsOf: string | null) =>
      s.t.database.db.transaction((tx) =>
        takePayment(
          tx,
          s.family.instituteId,
          {
            studentId,
            tenders: [
              {
                method: 'online',
                amountMinor: line.dueMinor,
                bankAccount: '',
                reference: 'SBX-AS-OF',
                issuer: 'Sandbox',
              },
            ],
            allocations: [{ lineId: line.lineId, principalMinor: line.dueMinor, fineMinor: 0 }],
            advanceUsed: [],
            toAdvance: null,
          },
          {
            collectedBy: null,
            idempotencyKey: `online:as-of-${finesAsOf}`,
            payloadHash: 'as-of',
            finesAsOf,
          },
        ),
      )
    await expect(take(null)).rejects.toMatchObject({ status: 422 })
    await expect(take('2000-01-10')).resolves.toMatch(/^[0-9a-f-]{36}$/)
  })
})
