import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import { vatRateOn } from '../../../../shared/fees/vat.ts'
import type { Invoice, StudentInvoices } from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions, classes, sections } from '../../../db/schema/academic.ts'
import { invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { fineRules } from '../../../db/schema/fee-rules.ts'
import { feeHeads, paymentPeriods, vatRates } from '../../../db/schema/fee-setup.ts'
import { enrolments, students } from '../../../db/schema/students.ts'
import { notFound } from '../../../lib/errors.ts'
import { presentFineRule } from '../rules/fine-rule-row.ts'
import { lineBalances } from './line-balance.ts'
import { rowKey } from '../../../db/tenant-rows.ts'

/** The invoice's number by id, for naming the credit note or the invoice it reverses. */
async function numberOf(db: Db, instituteId: string, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.instituteId, instituteId), where))
  return row
}

/** The active fine rules for these heads or for all heads: what the page's fine is counted by. */
async function fineRulesFor(db: Db, instituteId: string, headIds: string[]) {
  const rows = await db
    .select()
    .from(fineRules)
    .where(
      and(
        eq(fineRules.instituteId, instituteId),
        eq(fineRules.active, true),
        headIds.length
          ? or(isNull(fineRules.feeHeadId), inArray(fineRules.feeHeadId, headIds))
          : isNull(fineRules.feeHeadId),
      ),
    )
  return rows.map(presentFineRule)
}

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
      className: classes.name,
      sectionName: sections.name,
      roll: enrolments.roll,
    })
    .from(invoices)
    .innerJoin(students, rowKey(students, invoices.instituteId, invoices.studentId))
    .leftJoin(
      enrolments,
      and(
        eq(enrolments.instituteId, invoices.instituteId),
        eq(enrolments.studentId, invoices.studentId),
        eq(enrolments.academicSessionId, invoices.academicSessionId),
      ),
    )
    .leftJoin(classes, rowKey(classes, enrolments.instituteId, enrolments.classId))
    .leftJoin(sections, rowKey(sections, enrolments.instituteId, enrolments.sectionId))
    .where(and(eq(invoices.instituteId, instituteId), eq(invoices.id, id)))
  if (!row) return undefined
  const lines = await db
    .select({ line: invoiceLines, feeHeadName: feeHeads.name, periodName: paymentPeriods.name })
    .from(invoiceLines)
    .innerJoin(feeHeads, rowKey(feeHeads, invoiceLines.instituteId, invoiceLines.feeHeadId))
    .leftJoin(
      paymentPeriods,
      rowKey(paymentPeriods, invoiceLines.instituteId, invoiceLines.periodId),
    )
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.lineNo))
  const { invoice } = row
  // Its credit notes: the one that cancelled it, and those of concessions approved after it.
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
  const original = invoice.creditOf
    ? await numberOf(db, instituteId, eq(invoices.id, invoice.creditOf))
    : undefined
  const balances = await lineBalances(db, instituteId, [id])
  const headIds = [...new Set(lines.map((l) => l.line.feeHeadId))]
  const rates = headIds.length
    ? await db
        .select()
        .from(vatRates)
        .where(and(eq(vatRates.instituteId, instituteId), inArray(vatRates.feeHeadId, headIds)))
    : []
  // The rate stored on the line is the one in force on the issue date; its day is read back
  // from the head's history (and left out should that history have changed since).
  const vatSince = (headId: string, vat: Invoice['lines'][number]['explanation']['vat']) => {
    if (!vat) return null
    const rate = vatRateOn(
      rates.filter((r) => r.feeHeadId === headId),
      invoice.issueDate,
    )
    return rate && rate.rateBp === vat.rateBp && rate.inclusive === vat.inclusive
      ? rate.effectiveFrom
      : null
  }
  return {
    id: invoice.id,
    number: invoice.number,
    studentId: invoice.studentId,
    studentName: row.studentName,
    studentCode: row.studentCode,
    academicSessionId: invoice.academicSessionId,
    className: row.className,
    sectionName: row.sectionName,
    roll: row.roll,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    creditOf: invoice.creditOf,
    creditOfNumber: original?.number ?? null,
    creditNoteId: creditNote?.id ?? null,
    creditNoteNumber: creditNote?.number ?? null,
    reason: invoice.reason,
    totalMinor: lines.reduce((sum, l) => sum + l.line.netMinor, 0),
    concessionCredits: concessionNotes.map((n) => ({
      id: n.id,
      number: n.number,
      concessionId: n.concessionId!,
      totalMinor: credited.filter((l) => l.invoiceId === n.id).reduce((s, l) => s + l.netMinor, 0),
    })),
    lines: lines.map(({ line, feeHeadName, periodName }) => {
      const explanation = line.explanation ?? {
        gross: { source: 'configured' as const, amount: line.grossMinor },
        concessions: [],
        vat: null,
      }
      return {
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
        fineMinor: line.fineMinor,
        paidMinor: line.paidMinor,
        balanceMinor: balances.find((b) => b.lineId === line.id)?.balanceMinor ?? 0,
        vatEffectiveFrom: vatSince(line.feeHeadId, explanation.vat),
        explanation,
      }
    }),
    fineRules: invoice.creditOf ? [] : await fineRulesFor(db, instituteId, headIds),
  }
}

/**
 * A student's invoices, the latest first, each with what it asks, what was paid and what is
 * still owed; a credit note is shown on the invoice it cancels (which then owes nothing).
 * A student of another institute is a 404.
 */
export async function studentInvoices(
  db: Db,
  instituteId: string,
  studentId: string,
): Promise<StudentInvoices> {
  const [student] = await db
    .select({ id: students.id, status: students.status })
    .from(students)
    .where(and(eq(students.instituteId, instituteId), eq(students.id, studentId)))
  if (!student) throw notFound('student_not_found')
  const [latest] = await db
    .select({ academicSessionId: enrolments.academicSessionId })
    .from(enrolments)
    .innerJoin(
      academicSessions,
      rowKey(academicSessions, enrolments.instituteId, enrolments.academicSessionId),
    )
    .where(and(eq(enrolments.instituteId, instituteId), eq(enrolments.studentId, studentId)))
    .orderBy(desc(academicSessions.isCurrent), desc(academicSessions.startsOn))
    .limit(1)
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.instituteId, instituteId), eq(invoices.studentId, studentId)))
    .orderBy(desc(invoices.issueDate), desc(invoices.fiscalYear), desc(invoices.sequence))
  const ids = rows.map((r) => r.id)
  const lines = ids.length
    ? await db
        .select({
          invoiceId: invoiceLines.invoiceId,
          netMinor: invoiceLines.netMinor,
          paidMinor: invoiceLines.paidMinor,
          fineMinor: invoiceLines.fineMinor,
          periodName: paymentPeriods.name,
          periodSequence: paymentPeriods.sequence,
        })
        .from(invoiceLines)
        .leftJoin(
          paymentPeriods,
          rowKey(paymentPeriods, invoiceLines.instituteId, invoiceLines.periodId),
        )
        .where(and(eq(invoiceLines.instituteId, instituteId), inArray(invoiceLines.invoiceId, ids)))
        .orderBy(asc(paymentPeriods.sequence), asc(invoiceLines.lineNo))
    : []
  const sum = (id: string, figure: 'netMinor' | 'paidMinor' | 'fineMinor') =>
    lines.reduce((total, l) => (l.invoiceId === id ? total + l[figure] : total), 0)
  // The credit note that cancelled an invoice (its lines, as concessions' credits, are in the
  // balances of the lines they credit).
  const notes = new Map(
    rows.filter((r) => r.creditOf && r.concessionId === null).map((r) => [r.creditOf!, r]),
  )
  const balances = await lineBalances(db, instituteId, ids)
  const balanceOf = (invoiceId: string) =>
    balances.reduce((total, b) => (b.invoiceId === invoiceId ? total + b.balanceMinor : total), 0)
  const data = rows
    .filter((r) => !r.creditOf)
    .map((invoice) => {
      const note = notes.get(invoice.id)
      const netMinor = sum(invoice.id, 'netMinor')
      const paidMinor = sum(invoice.id, 'paidMinor')
      const fineMinor = sum(invoice.id, 'fineMinor')
      const noteNet = note ? sum(note.id, 'netMinor') : 0
      const periodNames = [
        ...new Set(
          lines.filter((l) => l.invoiceId === invoice.id && l.periodName).map((l) => l.periodName!),
        ),
      ]
      return {
        id: invoice.id,
        number: invoice.number,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        periodNames,
        status: invoice.status,
        netMinor,
        paidMinor,
        fineMinor,
        balanceMinor: balanceOf(invoice.id),
        creditNote: note
          ? { id: note.id, number: note.number, issueDate: note.issueDate, netMinor: noteNet }
          : null,
      }
    })
  return {
    academicSessionId: latest?.academicSessionId ?? null,
    studentStatus: student.status,
    data,
    totalDueMinor: data.reduce((total, i) => total + i.balanceMinor, 0),
  }
}
