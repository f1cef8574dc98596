import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { MappingPurpose } from '../../../../shared/schemas/accounting.ts'
import { fiscalYearOf } from '../../../../shared/fiscal-year.ts'
import type { Db } from '../../../db/client.ts'
import { coaMappings } from '../../../db/schema/accounting.ts'
import { invoiceCounters, invoices } from '../../../db/schema/fee-invoices.ts'
import { feeHeads } from '../../../db/schema/fee-setup.ts'
import { conflict } from '../../../lib/errors.ts'
import { coaSettingsOf } from '../../accounting/fiscal-year.ts'
import { postVoucher, type PostingLine } from '../../accounting/posting.ts'
import type { PlannedInvoice, PlannedLine } from './invoice-plan.ts'
import { invoicesWritten } from './invoices-written.ts'
import { pgArray } from '../../../lib/sql-arrays.ts'
import { rowKey } from '../../../db/tenant-rows.ts'

/*
 * Writing planned invoices: numbers per institute and fiscal year without gaps (invoice_counters,
 * taken in the caller's transaction, so a rollback gives them back), the invoices and their
 * lines, and the posting through postVoucher():
 *   Dr Fee receivable (net) + Dr Concessions (concession) = Cr each head's income (income)
 *   + Cr VAT payable (VAT)
 * One voucher per invoice, or (a group run's batch) one per issue date for all the batch's
 * invoices, its lines summed per head; the lines then carry the voucher.
 */

export const invoiceNumber = (fiscalYear: number, sequence: number) =>
  `INV-${fiscalYear}-${String(sequence).padStart(6, '0')}`

/** Refuses (409 fee_mapping_missing) when a purpose the posting needs has no mapped account. */
export async function assertFeeMappings(db: Db, instituteId: string, purposes: MappingPurpose[]) {
  const rows = await db
    .select({ purpose: coaMappings.purpose })
    .from(coaMappings)
    .where(and(eq(coaMappings.instituteId, instituteId), inArray(coaMappings.purpose, purposes)))
  const missing = purposes.find((p) => !rows.some((r) => r.purpose === p))
  if (missing) throw conflict('fee_mapping_missing', { values: { purpose: missing } })
}

/** The posting of some lines: receivable and concession debits against income and VAT. */
export async function postingLines(
  db: Db,
  instituteId: string,
  lines: Pick<PlannedLine, 'feeHeadId' | 'net' | 'concession' | 'income' | 'vat'>[],
): Promise<PostingLine[]> {
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + f(l), 0)
  const income = new Map<string, number>()
  for (const l of lines) income.set(l.feeHeadId, (income.get(l.feeHeadId) ?? 0) + l.income)
  const heads = await db
    .select({ id: feeHeads.id, accountId: feeHeads.incomeAccountId, name: feeHeads.name })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, instituteId), inArray(feeHeads.id, [...income.keys()])))
  // Heads sharing an income account post one line to it.
  const byAccount = new Map<string, number>()
  for (const h of heads)
    byAccount.set(h.accountId, (byAccount.get(h.accountId) ?? 0) + income.get(h.id)!)
  const posting: PostingLine[] = [
    { purpose: 'fee_receivable', debit: sum((l) => l.net) },
    { purpose: 'concession', debit: sum((l) => l.concession) },
    ...[...byAccount].map(([accountId, credit]): PostingLine => ({ accountId, credit })),
    { purpose: 'vat_payable', credit: sum((l) => l.vat) },
  ]
  return posting.filter((l) => (l.debit ?? 0) > 0 || (l.credit ?? 0) > 0)
}

/** The same posting with debits and credits swapped: a credit note's. */
export const reversed = (lines: PostingLine[]): PostingLine[] =>
  lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }))

/** The purposes a set of lines posts to, for assertFeeMappings. */
function purposesOf(lines: Pick<PlannedLine, 'concession' | 'vat'>[]): MappingPurpose[] {
  return [
    'fee_receivable',
    ...(lines.some((l) => l.concession > 0) ? (['concession'] as const) : []),
    ...(lines.some((l) => l.vat > 0) ? (['vat_payable'] as const) : []),
  ]
}

/** Takes `count` numbers of a fiscal year; the row stays locked until the transaction ends. */
export async function takeNumbers(tx: Db, instituteId: string, fiscalYear: number, count: number) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ instituteId, fiscalYear, lastNumber: count })
    .onConflictDoUpdate({
      target: [invoiceCounters.instituteId, invoiceCounters.fiscalYear],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + ${count}` },
    })
    .returning({ last: invoiceCounters.lastNumber })
  return row!.last - count + 1
}

interface WriteOptions {
  academicSessionId: string
  createdBy: string | null
  /** One voucher per invoice ('each'), or one per issue date for them all ('batch'). */
  voucher: 'each' | 'batch'
  groupInvoiceRunId?: string
  idempotencyKey?: string
  payloadHash?: string
  narration: string
}

/** Writes and posts the invoices; answers their ids in the order given. */
export async function writeInvoices(
  tx: Db,
  instituteId: string,
  planned: PlannedInvoice[],
  options: WriteOptions,
): Promise<string[]> {
  if (!planned.length) return []
  await assertFeeMappings(tx, instituteId, purposesOf(planned.flatMap((p) => p.lines)))
  const { fiscalYearStartMonth } = await coaSettingsOf(tx, instituteId)
  const years = planned.map((p) => fiscalYearOf(p.issueDate, fiscalYearStartMonth))
  const first = new Map<number, number>()
  for (const year of [...new Set(years)].sort()) {
    first.set(
      year,
      await takeNumbers(tx, instituteId, year, years.filter((y) => y === year).length),
    )
  }
  const next = new Map(first)
  const ids = planned.map(() => randomUUID())
  const invoiceRows = planned.map((p, i) => {
    const fiscalYear = years[i]!
    const sequence = next.get(fiscalYear)!
    next.set(fiscalYear, sequence + 1)
    return {
      id: ids[i]!,
      number: invoiceNumber(fiscalYear, sequence),
      fiscal_year: fiscalYear,
      sequence,
      student_id: p.student.id,
      period_id: p.periodId,
      campus_id: p.student.campusId,
      issue_date: p.issueDate,
      due_date: p.dueDate,
    }
  })
  // One JSON parameter for the batch's invoices (see the lines below).
  await tx.execute(sql`
    insert into invoices (id, institute_id, number, fiscal_year, sequence, student_id,
      academic_session_id, period_id, campus_id, issue_date, due_date, group_invoice_run_id,
      idempotency_key, payload_hash, created_by)
    select id, ${instituteId}, number, fiscal_year, sequence, student_id,
      ${options.academicSessionId}::uuid, period_id, campus_id, issue_date, due_date,
      ${options.groupInvoiceRunId ?? null}::uuid, ${options.idempotencyKey ?? null},
      ${options.payloadHash ?? null}, ${options.createdBy}::uuid
    from jsonb_to_recordset(${JSON.stringify(invoiceRows)}::jsonb) as x(id uuid, number text,
      fiscal_year integer, sequence integer, student_id uuid, period_id uuid, campus_id uuid,
      issue_date date, due_date date)`)

  const voucherOf = new Map<number, string>()
  if (options.voucher === 'each') {
    for (const [i, p] of planned.entries()) {
      const voucher = await postVoucher(tx, instituteId, {
        type: 'journal',
        date: p.issueDate,
        narration: options.narration,
        lines: await postingLines(tx, instituteId, p.lines),
        source: 'invoice',
        createdBy: options.createdBy,
      })
      voucherOf.set(i, voucher.id)
      await tx
        .update(invoices)
        .set({ voucherId: voucher.id })
        .where(rowKey(invoices, instituteId, ids[i]!))
    }
  } else {
    for (const date of new Set(planned.map((p) => p.issueDate))) {
      const of = planned.flatMap((p, i) => (p.issueDate === date ? [i] : []))
      const voucher = await postVoucher(tx, instituteId, {
        type: 'journal',
        date,
        narration: options.narration,
        lines: await postingLines(
          tx,
          instituteId,
          of.flatMap((i) => planned[i]!.lines),
        ),
        source: 'invoice',
        createdBy: options.createdBy,
      })
      for (const i of of) voucherOf.set(i, voucher.id)
    }
  }

  // A batch's lines repeat (one head, amount, concession and VAT for a whole class): each
  // distinct set of figures goes once, as a template, and each line as three integers naming
  // its invoice, number and template. Parsing thousands of alike explanations was a third of
  // the statement's time.
  const templateOf = new Map<string, number>()
  const templates: object[] = []
  const lineInvoice: number[] = []
  const lineNo: number[] = []
  const lineTemplate: number[] = []
  for (const [i, p] of planned.entries()) {
    for (const [n, l] of p.lines.entries()) {
      const template = {
        fee_head_id: l.feeHeadId,
        period_id: l.periodId,
        gross_minor: l.gross,
        concession_minor: l.concession,
        vat_minor: l.vat,
        net_minor: l.net,
        concession_id: l.concessionId,
        vat_rate_bp: l.vatRateBp,
        vat_inclusive: l.vatInclusive,
        explanation: l.explanation,
        voucher_id: options.voucher === 'batch' ? voucherOf.get(i)! : null,
      }
      const key = JSON.stringify(template)
      let at = templateOf.get(key)
      if (at === undefined) {
        at = templates.push({ ...template, n: templates.length + 1 })
        templateOf.set(key, at)
      }
      lineInvoice.push(i + 1)
      lineNo.push(n + 1)
      lineTemplate.push(at)
    }
  }
  await tx.execute(sql`
    insert into invoice_lines (institute_id, invoice_id, line_no, student_id,
      academic_session_id, campus_id, issue_date, due_date, fee_head_id, period_id, gross_minor,
      concession_minor, vat_minor, net_minor, concession_id, vat_rate_bp, vat_inclusive,
      explanation, voucher_id)
    select ${instituteId}, i.id, l.line_no, i.student_id, ${options.academicSessionId}::uuid,
      i.campus_id, i.issue_date, i.due_date, t.fee_head_id, t.period_id, t.gross_minor,
      t.concession_minor, t.vat_minor, t.net_minor, t.concession_id, t.vat_rate_bp,
      t.vat_inclusive, t.explanation, t.voucher_id
    from unnest(${pgArray(lineInvoice)}::int[], ${pgArray(lineNo)}::int[],
        ${pgArray(lineTemplate)}::int[]) as l(invoice, line_no, template)
      join unnest(${pgArray(ids)}::uuid[], ${pgArray(planned.map((p) => p.student.id))}::uuid[],
          ${pgArray(planned.map((p) => p.student.campusId))}::uuid[],
          ${pgArray(planned.map((p) => p.issueDate))}::date[],
          ${pgArray(planned.map((p) => p.dueDate))}::date[])
        with ordinality as i(id, student_id, campus_id, issue_date, due_date, n)
        on i.n = l.invoice
      join jsonb_to_recordset(${JSON.stringify(templates)}::jsonb) as t(n integer,
        fee_head_id uuid, period_id uuid, gross_minor bigint, concession_minor bigint, vat_minor bigint, net_minor bigint, concession_id uuid, vat_rate_bp integer,
        vat_inclusive boolean, explanation jsonb, voucher_id uuid) on t.n = l.template`)
  await invoicesWritten(
    tx,
    instituteId,
    planned.map((p, i) => ({ invoiceId: ids[i]!, studentId: p.student.id })),
    options.createdBy,
  )
  return ids
}
