import { and, eq, sql } from 'drizzle-orm'
import type { GuardianInvoice } from '../../../shared/schemas/student-invoice.ts'
import type { Db } from '../../db/client.ts'
import type { IntentLine } from '../../db/schema/payments.ts'
import { students } from '../../db/schema/students.ts'
import { refuse } from '../../lib/errors.ts'
import { instituteToday } from '../../lib/today.ts'
import type { Services } from '../../app-env.ts'
import { counterLines, type CounterLine } from '../fees/invoices/open-lines.ts'

export type GuardianStudent = Pick<
  typeof students.$inferSelect,
  | 'id'
  | 'fullName'
  | 'studentCode'
  | 'campusId'
  | 'guardianName'
  | 'guardianPhone'
  | 'guardianEmail'
>

const studentColumns = {
  id: students.id,
  fullName: students.fullName,
  studentCode: students.studentCode,
  campusId: students.campusId,
  guardianName: students.guardianName,
  guardianPhone: students.guardianPhone,
  guardianEmail: students.guardianEmail,
}

/** An active student of the institute by the student ID printed on cards (any letter case). */
export async function activeStudentByCode(db: Db, instituteId: string, code: string) {
  const [row] = await db
    .select({
      ...studentColumns,
      familyKey: students.familyKey,
      dateOfBirth: students.dateOfBirth,
    })
    .from(students)
    .where(
      and(
        eq(students.instituteId, instituteId),
        sql`lower(${students.studentCode}) = lower(${code})`,
        eq(students.status, 'active'),
      ),
    )
  return row
}

/** The student a guardian's pass opens; 401 when the pass is not (or no longer) good here. */
export async function studentOfPass(
  db: Db,
  services: Services,
  instituteId: string,
  access: string,
): Promise<GuardianStudent> {
  const claims = await services.tokens.verifyGuardian(access)
  const [row] =
    claims?.inst === instituteId
      ? await db
          .select(studentColumns)
          .from(students)
          .where(
            and(
              eq(students.instituteId, instituteId),
              eq(students.id, claims.stu),
              eq(students.status, 'active'),
            ),
          )
      : []
  if (!row) throw refuse(401, 'guardian_access_expired')
  return row
}

/** The student's open lines as of the institute's today, by invoice, and that day. */
async function openLinesByInvoice(db: Db, instituteId: string, studentId: string) {
  const today = await instituteToday(db, instituteId)
  const lines = await counterLines(db, instituteId, [studentId], today)
  const byInvoice = new Map<string, CounterLine[]>()
  for (const line of lines) {
    if (line.dueMinor + line.fineMinor <= 0) continue
    byInvoice.set(line.invoiceId, [...(byInvoice.get(line.invoiceId) ?? []), line])
  }
  return { byInvoice, today }
}

/** What the guardian sees: each open invoice with its lines' principal and fine as of today. */
export async function openInvoices(
  db: Db,
  instituteId: string,
  studentId: string,
): Promise<GuardianInvoice[]> {
  const { byInvoice } = await openLinesByInvoice(db, instituteId, studentId)
  return [...byInvoice.values()]
    .map((lines) => ({
      invoiceId: lines[0]!.invoiceId,
      invoiceNumber: lines[0]!.invoiceNumber,
      dueDate: lines[0]!.dueDate,
      lines: lines
        .toSorted((a, b) => a.priority - b.priority)
        .map((l) => ({
          feeHeadName: l.feeHeadName,
          periodName: l.periodName,
          dueMinor: l.dueMinor,
          fineMinor: l.fineMinor,
        })),
      totalMinor: lines.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0),
    }))
    .toSorted(
      (a, b) =>
        a.dueDate.localeCompare(b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber),
    )
}

/**
 * The lines the chosen invoices ask today, each paid in full with its fine as of today (`asOf`):
 * what an intent for them pays, whenever the gateway confirms it. 409 when one of them has
 * nothing open any more (paid at the counter meanwhile).
 */
export async function chosenLines(
  db: Db,
  instituteId: string,
  studentId: string,
  invoiceIds: string[],
): Promise<{ lines: IntentLine[]; asOf: string }> {
  const { byInvoice, today } = await openLinesByInvoice(db, instituteId, studentId)
  const chosen = [...new Set(invoiceIds)].map((id) => byInvoice.get(id))
  if (chosen.some((lines) => !lines)) throw refuse(409, 'invoice_not_open')
  const lines = chosen
    .flatMap((lines) => lines!)
    .map((l) => ({ lineId: l.lineId, principalMinor: l.dueMinor, fineMinor: l.fineMinor }))
  return { lines, asOf: today }
}
