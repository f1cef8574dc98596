import { sql } from 'drizzle-orm'
import type { FeePayment } from '../../../shared/schemas/admission-applications.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'

/**
 * How an applicant's fee was paid: the receipt that stands (its number; at the counter or
 * online), else the bank
 * deposit recorded from its slip (the slip's reference); null while it is not paid.
 */
export async function feePaymentOf(
  db: Db,
  instituteId: string,
  applicantId: string,
): Promise<FeePayment | null> {
  const [row] = rowsOf<{ how: FeePayment['how']; reference: string; paid_on: string }>(
    await db.execute(sql`select case when exists (select 1 from payment_tenders t
          where t.institute_id = p.institute_id and t.payment_id = p.id and t.method = 'online')
        then 'online' else 'counter' end as how, p.number as reference,
        p.received_on::text as paid_on
      from payments p where p.institute_id = ${instituteId} and p.applicant_id = ${applicantId}
        and p.status = 'posted'
      union all
      select 'bank', d.reference, d.paid_on::text from applicant_fee_deposits d
      where d.institute_id = ${instituteId} and d.applicant_id = ${applicantId}
      limit 1`),
  )
  return row ? { how: row.how, reference: row.reference, paidOn: row.paid_on } : null
}
