import { and, desc, eq } from 'drizzle-orm'
import { formatMoney } from '../../../shared/money.ts'
import { studentInvoicePath } from '../../../shared/public-pages.ts'
import { dateTimeFormat } from '../../../shared/intl-formats.ts'
import type { TemplateValues } from '../../../shared/sms/template.ts'
import type { Db } from '../../db/client.ts'
import { payments } from '../../db/schema/collection.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { instituteToday } from '../../lib/today.ts'
import { counterLines } from '../fees/invoices/open-lines.ts'
import { enrolmentsOf, type StudentRow } from '../students/student-read.ts'

/** A day (YYYY-MM-DD) as the language writes it. */
const dayIn = (day: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )

/**
 * What a template's variables say of one student as of the institute's today, in `locale`:
 * their class and section now, what they owe (fines as of today, apart) and by when, their
 * latest receipt, and their guardian's link to the student invoice page.
 */
export async function studentValues(
  db: Db,
  student: StudentRow,
  { locale, linkTo }: { locale: string; linkTo: (path: string) => string },
): Promise<TemplateValues> {
  const { instituteId } = student
  const today = await instituteToday(db, instituteId)
  const [[institute], [enrolment], lines, [receipt]] = await Promise.all([
    db.select().from(institutes).where(eq(institutes.id, instituteId)),
    enrolmentsOf(db, student),
    counterLines(db, instituteId, [student.id], today),
    db
      .select({ number: payments.number })
      .from(payments)
      .where(
        and(
          eq(payments.instituteId, instituteId),
          eq(payments.studentId, student.id),
          eq(payments.status, 'posted'),
        ),
      )
      .orderBy(desc(payments.receivedOn), desc(payments.sequence))
      .limit(1),
  ])
  const money = (minor: number) =>
    formatMoney(minor, institute!.currency, locale, institute!.currencyDigits)
  const open = lines.filter((l) => l.dueMinor + l.fineMinor > 0)
  const firstDue = open.map((l) => l.dueDate).sort()[0]
  return {
    student_name: student.fullName,
    student_id: student.studentCode,
    class: enrolment?.className ?? '',
    section: enrolment?.sectionName ?? '',
    guardian_name: student.guardianName,
    amount_due: money(open.reduce((sum, l) => sum + l.dueMinor, 0)),
    due_date: firstDue ? dayIn(firstDue, locale) : '',
    fine: money(open.reduce((sum, l) => sum + l.fineMinor, 0)),
    receipt_number: receipt?.number ?? '',
    institute_name: institute!.name,
    invoice_link: linkTo(studentInvoicePath(institute!.slug, student.studentCode)),
  }
}
