// What printing reads: an institute's print settings with its header, and the invoices of a run.
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { logoOf } from '../../../../shared/schemas/institutes.ts'
import {
  defaultInvoicePrintSettings,
  invoicesPerPrint,
  type InvoicePrintQuery,
  type InvoicePrintSettings,
  type InvoicePrintSettingsInput,
  type PrintedInvoice,
} from '../../../../shared/schemas/invoice-print.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions, classes, groups, sections } from '../../../db/schema/academic.ts'
import { invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { invoicePrintSettings } from '../../../db/schema/fee-printing.ts'
import { feeHeads, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { campuses, institutes } from '../../../db/schema/institutes.ts'
import { enrolments, students } from '../../../db/schema/students.ts'
import { rowKey } from '../../../db/tenant-rows.ts'

type SettingsRow = typeof invoicePrintSettings.$inferSelect

/** The stored columns as the shared shape (jsonb lists are typed as plain strings in the table). */
const settingsInputOf = (row: SettingsRow): InvoicePrintSettingsInput => ({
  footerText: row.footerText,
  shownFields: row.shownFields as InvoicePrintSettingsInput['shownFields'],
  shownColumns: row.shownColumns as InvoicePrintSettingsInput['shownColumns'],
  paper: row.paper,
  copies: row.copies as InvoicePrintSettingsInput['copies'],
  signatureLabels: row.signatureLabels,
  language: row.language as InvoicePrintSettingsInput['language'],
})

/** The institute's print settings (the defaults until it saves some), with its header. */
export async function printSettingsOf(
  db: Db,
  instituteId: string,
  lock?: 'update',
): Promise<InvoicePrintSettings> {
  const query = db
    .select()
    .from(invoicePrintSettings)
    .where(eq(invoicePrintSettings.instituteId, instituteId))
  const [[row], [institute]] = await Promise.all([
    lock ? query.for(lock) : query,
    db.select().from(institutes).where(eq(institutes.id, instituteId)),
  ])
  if (!institute) throw new Error(`institute ${instituteId} is missing`)
  return {
    ...(row ? settingsInputOf(row) : defaultInvoicePrintSettings),
    saved: Boolean(row),
    institute: {
      name: institute.name,
      address: institute.address,
      phone: institute.phone,
      email: institute.email,
      logo: logoOf(institute),
      locale: institute.locale as InvoicePrintSettings['institute']['locale'],
      currency: institute.currency,
      currencyDigits: institute.currencyDigits,
    },
  }
}

/**
 * One page of the invoices a print run covers, in class order (section, roll, name), each with
 * its student's enrolment in the invoice's session. Cancelled invoices and credit notes print no
 * slip. Another institute's ids match nothing.
 */
export async function printedInvoices(
  db: Db,
  instituteId: string,
  query: InvoicePrintQuery,
): Promise<{ data: PrintedInvoice[]; total: number }> {
  const where = and(
    eq(invoices.instituteId, instituteId),
    isNull(invoices.creditOf),
    ne(invoices.status, 'cancelled'),
    query.invoiceId ? eq(invoices.id, query.invoiceId) : undefined,
    query.runId ? eq(invoices.groupInvoiceRunId, query.runId) : undefined,
    query.academicSessionId ? eq(invoices.academicSessionId, query.academicSessionId) : undefined,
    query.periodId ? eq(invoices.periodId, query.periodId) : undefined,
    query.classId ? eq(enrolments.classId, query.classId) : undefined,
    query.sectionId ? eq(enrolments.sectionId, query.sectionId) : undefined,
  )
  const enrolled = and(
    eq(enrolments.instituteId, invoices.instituteId),
    eq(enrolments.studentId, invoices.studentId),
    eq(enrolments.academicSessionId, invoices.academicSessionId),
  )
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(invoices)
    .leftJoin(enrolments, enrolled)
    .where(where)
  if (!total) return { data: [], total }
  const rows = await db
    .select({
      invoice: invoices,
      studentName: students.fullName,
      studentCode: students.studentCode,
      guardian: students.guardianName,
      guardianPhone: students.guardianPhone,
      className: classes.name,
      section: sections.name,
      roll: enrolments.roll,
      group: groups.name,
      session: academicSessions.name,
      campus: campuses.name,
      period: paymentPeriods.name,
    })
    .from(invoices)
    .innerJoin(students, rowKey(students, invoices.instituteId, invoices.studentId))
    .innerJoin(
      academicSessions,
      rowKey(academicSessions, invoices.instituteId, invoices.academicSessionId),
    )
    .innerJoin(campuses, rowKey(campuses, invoices.instituteId, invoices.campusId))
    .leftJoin(enrolments, enrolled)
    .leftJoin(classes, rowKey(classes, enrolments.instituteId, enrolments.classId))
    .leftJoin(sections, rowKey(sections, enrolments.instituteId, enrolments.sectionId))
    .leftJoin(groups, rowKey(groups, enrolments.instituteId, enrolments.groupId))
    .leftJoin(paymentPeriods, rowKey(paymentPeriods, invoices.instituteId, invoices.periodId))
    .where(where)
    .orderBy(
      asc(classes.position),
      sql`${sections.position} nulls first`,
      asc(enrolments.roll),
      asc(students.fullName),
      asc(students.id),
      asc(invoices.sequence),
    )
    .limit(invoicesPerPrint)
    .offset((query.page - 1) * invoicesPerPrint)
  const ids = rows.map((r) => r.invoice.id)
  const lines = ids.length
    ? await db
        .select({
          line: invoiceLines,
          feeHeadName: feeHeads.name,
          periodName: paymentPeriods.name,
        })
        .from(invoiceLines)
        .innerJoin(feeHeads, rowKey(feeHeads, invoiceLines.instituteId, invoiceLines.feeHeadId))
        .leftJoin(
          paymentPeriods,
          rowKey(paymentPeriods, invoiceLines.instituteId, invoiceLines.periodId),
        )
        .where(and(eq(invoiceLines.instituteId, instituteId), inArray(invoiceLines.invoiceId, ids)))
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNo))
    : []
  const linesOf = new Map<string, typeof lines>()
  for (const l of lines)
    linesOf.set(l.line.invoiceId, [...(linesOf.get(l.line.invoiceId) ?? []), l])
  const data = rows.map(({ invoice, ...row }): PrintedInvoice => {
    const own = linesOf.get(invoice.id) ?? []
    return {
      id: invoice.id,
      number: invoice.number,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      status: invoice.status,
      studentId: invoice.studentId,
      ...row,
      totalMinor: own.reduce((sum, l) => sum + l.line.netMinor, 0),
      paidMinor: own.reduce((sum, l) => sum + l.line.paidMinor, 0),
      lines: own.map(({ line, feeHeadName, periodName }) => ({
        lineNo: line.lineNo,
        feeHeadName,
        periodName,
        grossMinor: line.grossMinor,
        concessionMinor: line.concessionMinor,
        vatMinor: line.vatMinor,
        netMinor: line.netMinor,
        paidMinor: line.paidMinor,
      })),
    }
  })
  return { data, total }
}
