import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { fiscalYearOf } from '../../../../shared/fiscal-year.ts'
import type { Db } from '../../../db/client.ts'
import { invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { conflict, notFound } from '../../../lib/errors.ts'
import { coaSettingsOf } from '../../accounting/fiscal-year.ts'
import { postVoucher } from '../../accounting/posting.ts'
import { invoiceNumber, postingLines, reversed, takeNumbers } from './invoice-write.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { instituteToday } from '../../../lib/today.ts'

/**
 * Cancels a posted invoice: never edited, it is reversed by a credit note — an invoice of its
 * own (credit_of, the reason, lines crediting each line with the same figures) posted as the
 * mirror of the invoice's posting (less what its concession credit notes took off), today. The invoice's lines are marked cancelled so that
 * their student × period × head can be invoiced again. Answers the credit note's id.
 */
export async function cancelInvoice(
  tx: Db,
  instituteId: string,
  invoiceId: string,
  reason: string,
  createdBy: string | null,
): Promise<{ creditNoteId: string; before: string }> {
  // Its lines first, then the invoice, as a payment takes them: a payment at the same moment
  // either commits first (and the invoice has payments) or waits for the cancellation.
  await tx.execute(sql`select id from invoice_lines where institute_id = ${instituteId}
    and invoice_id = ${invoiceId} order by id for no key update`)
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.instituteId, instituteId), eq(invoices.id, invoiceId)))
    .for('update')
  if (!invoice) throw notFound('invoice_not_found')
  if (invoice.creditOf) throw conflict('credit_note_not_cancellable')
  if (invoice.status === 'cancelled') throw conflict('invoice_already_cancelled')
  const own = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))
  if (own.some((l) => l.paidMinor > 0)) throw conflict('invoice_has_payments')
  // What a concession credit note took off a line is not reversed twice: the line's figures
  // as they stand (with its concession credits) are.
  const credits = own.length
    ? await tx
        .select({ line: invoiceLines })
        .from(invoiceLines)
        .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
        .where(
          and(
            inArray(
              invoiceLines.creditsLineId,
              own.map((l) => l.id),
            ),
            isNotNull(invoices.concessionId),
          ),
        )
    : []
  const lines = own.map((l) => {
    const of = credits.filter((c) => c.line.creditsLineId === l.id)
    const sum = (f: (x: typeof l) => number) => f(l) + of.reduce((s, c) => s + f(c.line), 0)
    return {
      ...l,
      concessionMinor: sum((x) => x.concessionMinor),
      vatMinor: sum((x) => x.vatMinor),
      netMinor: sum((x) => x.netMinor),
    }
  })

  const date = await instituteToday(tx, instituteId)
  const { fiscalYearStartMonth } = await coaSettingsOf(tx, instituteId)
  const fiscalYear = fiscalYearOf(date, fiscalYearStartMonth)
  const sequence = await takeNumbers(tx, instituteId, fiscalYear, 1)
  const figures = lines.map((l) => ({
    feeHeadId: l.feeHeadId,
    net: l.netMinor,
    concession: l.concessionMinor,
    vat: l.vatMinor,
    income: l.vatInclusive ? l.grossMinor - l.vatMinor : l.grossMinor,
  }))
  const voucher = await postVoucher(tx, instituteId, {
    type: 'journal',
    date,
    narration: `Credit note for ${invoice.number}: ${reason}`,
    lines: reversed(await postingLines(tx, instituteId, figures)),
    source: 'invoice',
    createdBy,
  })
  // The note's session, campus and days, which its lines carry too.
  const dated = {
    academicSessionId: invoice.academicSessionId,
    campusId: invoice.campusId,
    issueDate: date,
    dueDate: date,
  }
  const [note] = await tx
    .insert(invoices)
    .values({
      instituteId,
      number: invoiceNumber(fiscalYear, sequence),
      fiscalYear,
      sequence,
      studentId: invoice.studentId,
      ...dated,
      periodId: invoice.periodId,
      status: 'cancelled',
      voucherId: voucher.id,
      creditOf: invoice.id,
      reason,
      createdBy,
    })
    .returning({ id: invoices.id })
  await tx.insert(invoiceLines).values(
    lines.map((l) => ({
      instituteId,
      invoiceId: note!.id,
      ...dated,
      lineNo: l.lineNo,
      studentId: l.studentId,
      feeHeadId: l.feeHeadId,
      periodId: l.periodId,
      grossMinor: -l.grossMinor,
      concessionMinor: -l.concessionMinor,
      vatMinor: -l.vatMinor,
      netMinor: -l.netMinor,
      concessionId: l.concessionId,
      vatRateBp: l.vatRateBp,
      vatInclusive: l.vatInclusive,
      explanation: l.explanation,
      creditsLineId: l.id,
    })),
  )
  await tx
    .update(invoiceLines)
    .set({ cancelled: true })
    .where(and(eq(invoiceLines.instituteId, instituteId), eq(invoiceLines.invoiceId, invoiceId)))
  await tx
    .update(invoices)
    .set({ status: 'cancelled', reason, updatedAt: new Date() })
    .where(rowKey(invoices, instituteId, invoiceId))
  return { creditNoteId: note!.id, before: invoice.status }
}
