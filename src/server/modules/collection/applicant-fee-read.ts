import { sql } from 'drizzle-orm'
import type { ApplicantFee, CounterApplicant } from '../../../shared/schemas/applicant-fees.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { notFound } from '../../lib/errors.ts'
import { isUuid } from '../../lib/ids.ts'
import { bankAccountKeys } from '../accounting/bank-accounts.ts'

interface ApplicantRow {
  id: string
  short_reference: string
  applicant_name: string
  phone: string
  form_title: string
  fee: string | number
  status: string
  receipt_id: string | null
}

const applicantsWhere = (instituteId: string, where: ReturnType<typeof sql>) =>
  sql`select a.id, a.short_reference, a.applicant_name, a.phone, f.title as form_title, a.fee,
      a.status,
      (select p.id from payments p where p.institute_id = a.institute_id
        and p.applicant_id = a.id and p.status = 'posted' limit 1) as receipt_id
    from applicants a
    join admission_forms f on f.institute_id = a.institute_id and f.id = a.form_id
    where a.institute_id = ${instituteId} and ${where}`

const counterApplicant = (r: ApplicantRow): CounterApplicant => ({
  applicantId: r.id,
  shortReference: r.short_reference,
  applicantName: r.applicant_name,
  phone: r.phone,
  formTitle: r.form_title,
  feeMinor: Number(r.fee),
})

/** A short reference as typed: `ds-26-6dkk`, `DS266DKK` and `DS-26-6DKK` are the same. */
const referenceKey = (typed: string) => typed.toUpperCase().replace(/[^0-9A-Z]/g, '')

/**
 * Applicants whose application fee is due, for the counter's search: by their short reference
 * (case and dashes aside), their name or their phone. At most five.
 */
export async function searchApplicants(
  db: Db,
  instituteId: string,
  q: string,
): Promise<CounterApplicant[]> {
  const key = referenceKey(q)
  const digits = q.replace(/\D/g, '')
  // A cast, not a bare `false`: PostgreSQL refuses a constant to order by.
  const byReference =
    key.length >= 4 ? sql`replace(a.short_reference, '-', '') = ${key}` : sql`false::boolean`
  const byName = sql`a.applicant_name ilike ${`%${q.replace(/[\\%_]/g, '\\$&')}%`}`
  // A phone is found by its last digits as people say them (no country code needed).
  const byPhone =
    digits.length >= 6
      ? sql`regexp_replace(a.phone, '\\D', '', 'g') like ${`%${digits}`}`
      : sql`false`
  const rows = rowsOf<ApplicantRow>(
    await db.execute(
      sql`${applicantsWhere(
        instituteId,
        sql`a.status = 'fee_due' and a.fee > 0 and (${byReference} or ${byName} or ${byPhone})`,
      )} order by ${byReference} desc, a.submitted_at desc limit 5`,
    ),
  )
  return rows.map(counterApplicant)
}

/** The applicant at the counter: the fee, its standing receipt if paid, the bank accounts. */
export async function applicantAtCounter(
  db: Db,
  instituteId: string,
  applicantId: string | undefined,
): Promise<ApplicantFee> {
  if (!isUuid(applicantId)) throw notFound('applicant_not_found')
  const [row] = rowsOf<ApplicantRow>(
    await db.execute(applicantsWhere(instituteId, sql`a.id = ${applicantId}`)),
  )
  if (!row) throw notFound('applicant_not_found')
  return {
    ...counterApplicant(row),
    status: row.status,
    receiptId: row.receipt_id,
    bankAccounts: await bankAccountKeys(db, instituteId),
  }
}
