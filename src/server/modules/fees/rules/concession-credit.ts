import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { allocateFixed, type Concession } from '../../../../shared/fees/concession.ts'
import {
  concessionCredit,
  type ConcessionCredit,
} from '../../../../shared/fees/concession-credit.ts'
import { fiscalYearOf } from '../../../../shared/fiscal-year.ts'
import type { InvoiceLineExplanation } from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { concessions } from '../../../db/schema/fee-rules.ts'
import { feeHeads, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { coaSettingsOf } from '../../accounting/fiscal-year.ts'
import { postVoucher, type PostingLine } from '../../accounting/posting.ts'
import { assertFeeMappings, invoiceNumber, takeNumbers } from '../invoices/invoice-write.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { pgArray } from '../../../lib/sql-arrays.ts'
import { instituteToday } from '../../../lib/today.ts'

/*
 * Applying an approved concession to the student's invoices already posted: for each invoice of
 * the concession's session, not cancelled, with lines of its heads in its periods, a concession
 * credit note (an invoice with credit_of and concession_id, one line per line credited with
 * credits_line_id) for what concessionCredit takes off each line, posted today as
 *   Dr Concessions + Dr VAT payable = Cr Fee receivable + Cr the head's income (inclusive VAT)
 * in the approval's transaction. A concession credits an invoice once (a unique index on
 * credit_of × concession_id): a retried approval finds the notes it made and makes no other.
 */

type ConcessionRow = typeof concessions.$inferSelect
type LineRow = typeof invoiceLines.$inferSelect

const termsOf = (c: ConcessionRow): Concession =>
  c.kind === 'percent'
    ? { id: c.id, kind: 'percent', rateBp: c.rateBp ?? 0 }
    : { id: c.id, kind: 'fixed', amount: c.amountMinor ?? 0 }

/** The concessions of an explanation as terms: a fixed one at what it was applied with. */
const explainedTerms = (e: InvoiceLineExplanation | null): Concession[] =>
  (e?.concessions ?? []).map((a) =>
    a.kind === 'percent'
      ? { id: a.concessionId, kind: 'percent', rateBp: a.rateBp ?? 0 }
      : { id: a.concessionId, kind: 'fixed', amount: a.amount },
  )

/** The lines the concession reaches: its student's posted, live lines of its heads and periods. */
async function reachedLines(tx: Db, c: ConcessionRow) {
  const range = [c.fromPeriodId, c.toPeriodId].filter((p) => p !== null)
  const bounds = range.length
    ? await tx.select().from(paymentPeriods).where(inArray(paymentPeriods.id, range))
    : []
  const from = bounds.find((p) => p.id === c.fromPeriodId)
  const to = bounds.find((p) => p.id === c.toPeriodId)
  const read = () =>
    tx
      .select({
        line: invoiceLines,
        issueDate: invoices.issueDate,
        startsOn: paymentPeriods.startsOn,
      })
      .from(invoiceLines)
      .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
      .leftJoin(
        paymentPeriods,
        rowKey(paymentPeriods, invoiceLines.instituteId, invoiceLines.periodId),
      )
      .where(
        and(
          eq(invoices.instituteId, c.instituteId),
          eq(invoices.studentId, c.studentId),
          eq(invoices.academicSessionId, c.academicSessionId),
          isNull(invoices.creditOf),
          ne(invoices.status, 'cancelled'),
          eq(invoiceLines.cancelled, false),
          isNull(invoiceLines.creditsLineId),
          ...(c.feeHeadId ? [eq(invoiceLines.feeHeadId, c.feeHeadId)] : []),
        ),
      )
      .orderBy(asc(invoices.sequence), asc(invoiceLines.lineNo))
  let rows = await read()
  // What is paid of them stands still until this commits (a counter takes lines the same way),
  // and is read again once they are held.
  if (rows.length) {
    await tx.execute(sql`select id from invoice_lines where institute_id = ${c.instituteId}
      and id = any(${pgArray(rows.map((r) => r.line.id))}::uuid[]) order by id for no key update`)
    rows = await read()
  }
  // In force as invoicing decides it: the period's first day (or the issue day) in the range.
  return rows
    .filter(({ issueDate, startsOn }) => {
      const day = startsOn ?? issueDate
      return (!from || from.startsOn <= day) && (!to || day <= to.endsOn)
    })
    .map((r) => r.line)
}

/** The concession credit lines so far of these lines, with the concession each applied. */
async function earlierCredits(tx: Db, lineIds: string[]) {
  return lineIds.length
    ? tx
        .select({ line: invoiceLines })
        .from(invoiceLines)
        .innerJoin(invoices, rowKey(invoices, invoiceLines.instituteId, invoiceLines.invoiceId))
        .where(and(inArray(invoiceLines.creditsLineId, lineIds), isNotNull(invoices.concessionId)))
        .orderBy(asc(invoices.sequence))
        .then((rows) => rows.map((r) => r.line))
    : []
}

interface Credited {
  line: LineRow
  credit: ConcessionCredit
}

/** What the concession takes off each line of one invoice. */
function creditsOf(c: ConcessionRow, lines: LineRow[], earlier: LineRow[]): Credited[] {
  // An all-heads fixed amount is shared by the invoice's lines by their gross, as invoicing does.
  const parts =
    c.feeHeadId === null && c.kind === 'fixed'
      ? allocateFixed(
          c.amountMinor ?? 0,
          lines.map((l) => l.grossMinor),
        )
      : null
  return lines.flatMap((line, i): Credited[] => {
    if (line.explanation?.concessions.some((a) => a.concessionId === c.id)) return []
    const credits = earlier.filter((e) => e.creditsLineId === line.id)
    const sum = (f: (l: LineRow) => number) => f(line) + credits.reduce((s, e) => s + f(e), 0)
    const net = sum((l) => l.netMinor)
    const added: Concession = parts ? { id: c.id, kind: 'fixed', amount: parts[i]! } : termsOf(c)
    if (added.kind === 'fixed' && added.amount === 0) return []
    const result = concessionCredit(
      {
        gross: line.grossMinor,
        concessions: [
          ...explainedTerms(line.explanation),
          ...credits.flatMap((e) => explainedTerms(e.explanation)),
        ],
        vat: line.vatRateBp > 0 ? { rateBp: line.vatRateBp, inclusive: line.vatInclusive } : null,
        concession: sum((l) => l.concessionMinor),
        vatAmount: sum((l) => l.vatMinor),
        net,
        due: net - line.paidMinor,
      },
      added,
    )
    // Stored percentages are 1–100 %: a refusal cannot come from a stored concession.
    if (!result.ok) throw new Error(`concession ${c.id} is over 100 %`)
    return result.credit.net > 0 ? [{ line, credit: result.credit }] : []
  })
}

/** The posting of a credit note's lines (see the top of the file). */
async function postingOf(tx: Db, instituteId: string, credited: Credited[]) {
  const sum = (f: (c: ConcessionCredit) => number) =>
    credited.reduce((s, { credit }) => s + f(credit), 0)
  const income = new Map<string, number>()
  for (const { line, credit } of credited) {
    if (credit.income > 0)
      income.set(line.feeHeadId, (income.get(line.feeHeadId) ?? 0) + credit.income)
  }
  const heads = income.size
    ? await tx
        .select({ id: feeHeads.id, accountId: feeHeads.incomeAccountId })
        .from(feeHeads)
        .where(and(eq(feeHeads.instituteId, instituteId), inArray(feeHeads.id, [...income.keys()])))
    : []
  const byAccount = new Map<string, number>()
  for (const h of heads)
    byAccount.set(h.accountId, (byAccount.get(h.accountId) ?? 0) + income.get(h.id)!)
  const lines: PostingLine[] = [
    { purpose: 'concession', debit: sum((c) => c.concession) },
    { purpose: 'vat_payable', debit: sum((c) => c.vat) },
    { purpose: 'fee_receivable', credit: sum((c) => c.net) },
    ...[...byAccount].map(([accountId, credit]): PostingLine => ({ accountId, credit })),
  ]
  return lines.filter((l) => (l.debit ?? 0) > 0 || (l.credit ?? 0) > 0)
}

/**
 * Credits the approved concession to the invoices already posted; answers the credit notes
 * made (none when it reaches no line, or a retry finds them made).
 */
export async function creditApprovedConcession(
  tx: Db,
  concession: ConcessionRow,
  createdBy: string | null,
): Promise<{ id: string; number: string; invoiceId: string; netMinor: number }[]> {
  const { instituteId } = concession
  const reached = await reachedLines(tx, concession)
  if (!reached.length) return []
  const done = await tx
    .select({ creditOf: invoices.creditOf })
    .from(invoices)
    .where(and(eq(invoices.instituteId, instituteId), eq(invoices.concessionId, concession.id)))
  const skip = new Set(done.map((d) => d.creditOf))
  const earlier = await earlierCredits(
    tx,
    reached.map((l) => l.id),
  )
  const byInvoice = new Map<string, LineRow[]>()
  for (const l of reached) {
    if (!skip.has(l.invoiceId))
      byInvoice.set(l.invoiceId, [...(byInvoice.get(l.invoiceId) ?? []), l])
  }
  const plans = [...byInvoice].flatMap(([invoiceId, lines]) => {
    const credited = creditsOf(concession, lines, earlier)
    return credited.length ? [{ invoiceId, credited }] : []
  })
  if (!plans.length) return []

  const all = plans.flatMap((p) => p.credited.map((c) => c.credit))
  await assertFeeMappings(tx, instituteId, [
    'fee_receivable',
    'concession',
    ...(all.some((c) => c.vat > 0) ? (['vat_payable'] as const) : []),
  ])
  const date = await instituteToday(tx, instituteId)
  const { fiscalYearStartMonth } = await coaSettingsOf(tx, instituteId)
  const fiscalYear = fiscalYearOf(date, fiscalYearStartMonth)
  let sequence = await takeNumbers(tx, instituteId, fiscalYear, plans.length)
  const originals = await tx
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        plans.map((p) => p.invoiceId),
      ),
    )
  const made = []
  for (const { invoiceId, credited } of plans) {
    const invoice = originals.find((o) => o.id === invoiceId)!
    const number = invoiceNumber(fiscalYear, sequence)
    const voucher = await postVoucher(tx, instituteId, {
      type: 'journal',
      date,
      narration: `Concession credit note for ${invoice.number}`,
      lines: await postingOf(tx, instituteId, credited),
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
        number,
        fiscalYear,
        sequence: sequence++,
        studentId: invoice.studentId,
        ...dated,
        periodId: invoice.periodId,
        // A credit note asks nothing: it is settled by what it takes off its invoice.
        status: 'paid',
        voucherId: voucher.id,
        creditOf: invoice.id,
        concessionId: concession.id,
        reason: concession.reason,
        createdBy,
      })
      .returning({ id: invoices.id })
    await tx.insert(invoiceLines).values(
      credited.map(({ line, credit }, n) => ({
        instituteId,
        invoiceId: note!.id,
        ...dated,
        lineNo: n + 1,
        studentId: line.studentId,
        feeHeadId: line.feeHeadId,
        periodId: line.periodId,
        grossMinor: 0,
        concessionMinor: credit.concession,
        vatMinor: -credit.vat,
        netMinor: -credit.net,
        concessionId: concession.id,
        vatRateBp: line.vatRateBp,
        vatInclusive: line.vatInclusive,
        creditsLineId: line.id,
        explanation: {
          gross: { source: 'configured', amount: 0 },
          concessions: [
            {
              concessionId: concession.id,
              kind: concession.kind,
              rateBp: concession.kind === 'percent' ? concession.rateBp : null,
              amount: credit.applied.amount,
              category: concession.category,
            },
          ],
          vat:
            line.vatRateBp > 0
              ? {
                  rateBp: line.vatRateBp,
                  inclusive: line.vatInclusive,
                  base: -credit.concession,
                  amount: -credit.vat,
                }
              : null,
        } satisfies InvoiceLineExplanation,
      })),
    )
    made.push({
      id: note!.id,
      number,
      invoiceId,
      netMinor: -credited.reduce((s, c) => s + c.credit.net, 0),
    })
  }
  return made
}
