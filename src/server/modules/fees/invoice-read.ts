import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../db/client.ts'
import { feeHeads, invoiceLines, invoices, paymentPeriods } from '../../db/schema/fees.ts'
import { students } from '../../db/schema/students.ts'

/** An invoice of the institute with its lines and how each was computed; undefined if none. */
export async function findInvoice(
  db: Db,
  instituteId: string,
  id: string,
): Promise<Invoice | undefined> {
  const [row] = await db
    .select({
      invoice: invoices,
      studentName: students.fullName,
      studentCode: students.studentCode,
    })
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .where(and(eq(invoices.instituteId, instituteId), eq(invoices.id, id)))
  if (!row) return undefined
  const lines = await db
    .select({ line: invoiceLines, feeHeadName: feeHeads.name, periodName: paymentPeriods.name })
    .from(invoiceLines)
    .innerJoin(feeHeads, eq(feeHeads.id, invoiceLines.feeHeadId))
    .leftJoin(paymentPeriods, eq(paymentPeriods.id, invoiceLines.periodId))
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.lineNo))
  const notes = await db
    .select({ id: invoices.id, number: invoices.number, concessionId: invoices.concessionId })
    .from(invoices)
    .where(and(eq(invoices.instituteId, instituteId), eq(invoices.creditOf, id)))
    .orderBy(asc(invoices.sequence))
  const creditNote = notes.find((n) => n.concessionId === null)
  const concessionNotes = notes.filter((n) => n.concessionId !== null)
  const credited = concessionNotes.length
    ? await db
        .select({ invoiceId: invoiceLines.invoiceId, netMinor: invoiceLines.netMinor })
        .from(invoiceLines)
        .where(
          inArray(
            invoiceLines.invoiceId,
            concessionNotes.map((n) => n.id),
          ),
        )
    : []
  const { invoice } = row
  return {
    id: invoice.id,
    number: invoice.number,
    studentId: invoice.studentId,
    studentName: row.studentName,
    studentCode: row.studentCode,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    creditOf: invoice.creditOf,
    creditNoteId: creditNote?.id ?? null,
    reason: invoice.reason,
    totalMinor: lines.reduce((sum, l) => sum + l.line.netMinor, 0),
    concessionCredits: concessionNotes.map((n) => ({
      id: n.id,
      number: n.number,
      concessionId: n.concessionId!,
      totalMinor: credited.filter((l) => l.invoiceId === n.id).reduce((s, l) => s + l.netMinor, 0),
    })),
    lines: lines.map(({ line, feeHeadName, periodName }) => ({
      id: line.id,
      lineNo: line.lineNo,
      feeHeadId: line.feeHeadId,
      feeHeadName,
      periodId: line.periodId,
      periodName,
      grossMinor: line.grossMinor,
      concessionMinor: line.concessionMinor,
      vatMinor: line.vatMinor,
      netMinor: line.netMinor,
      paidMinor: line.paidMinor,
      explanation: line.explanation ?? {
        gross: { source: 'configured', amount: line.grossMinor },
        concessions: [],
        vat: null,
      },
    })),
  }
}
