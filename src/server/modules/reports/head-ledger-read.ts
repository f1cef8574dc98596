import { sql, type SQL } from 'drizzle-orm'
import type { HeadLedgerFigure, HeadLedgerQuery } from '../../../shared/schemas/report-search.ts'
import type { HeadLedgerLine, HeadLedgerRow } from '../../../shared/schemas/reports.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'
import { owedByHead } from './owed-by-head.ts'

/*
 * A period's movements of what students owe, per fee head, each from its document and dated as
 * the ledger dates its posting (as due-read.ts counts what is owed): an invoice's line on its
 * issue day, a credit note's on its own, a receipt's allocation on the day it was received and
 * again, reversed, on the day its cancellation was posted. Each line of the institute is read
 * once as the sum of its parts, so that line by line
 *   net = billed − concessions + VAT added (an invoice or concession credit note's line)
 *       = − cancelled (a cancellation credit note's line)
 * and what is owed moves by exactly the figures: the head's opening plus them is its closing.
 */

export interface HeadLedgerOptions {
  instituteId: string
  from: string
  to: string
  query: HeadLedgerQuery
  /** The campuses the reader may see (`lib/campus-scope.ts`). */
  scope: CampusScope
}

export type MovingFigure = Exclude<HeadLedgerFigure, 'opening' | 'closing'>

/** Each moving figure's column of `moves`. */
const movingFigure: Record<MovingFigure, string> = {
  billed: 'billed',
  concessions: 'concessions',
  vat: 'vat',
  cancelledInvoices: 'cancelled_invoices',
  collected: 'collected',
  cancelledReceipts: 'cancelled_receipts',
  fines: 'fines',
}

const movingFigures = Object.keys(movingFigure) as MovingFigure[]

/** Each document line moving what is owed in the period, with its figures, placement and student. */
function moves(o: HeadLedgerOptions) {
  const { instituteId, from, to } = o
  // VAT added on top of a price (exclusive) is owed besides it; VAT inside a price is billed with it.
  const vatAdded = sql`case when l.vat_inclusive then 0 else l.vat_minor end`
  const invoiced = sql`
    select l.fee_head_id, l.student_id, i.academic_session_id, i.campus_id, i.issue_date as day,
      i.id as document_id, i.number,
      case when i.credit_of is null then 'invoice' when i.concession_id is null then 'creditNote'
        else 'concessionNote' end as kind,
      case when i.concession_id is null and i.credit_of is not null then 0
        else l.gross_minor end as billed,
      case when i.concession_id is null and i.credit_of is not null then 0
        else l.gross_minor + ${vatAdded} - l.net_minor end as concessions,
      case when i.concession_id is null and i.credit_of is not null then 0
        else ${vatAdded} end as vat,
      case when i.concession_id is null and i.credit_of is not null then -l.net_minor
        else 0 end as cancelled_invoices,
      0 as collected, 0 as cancelled_receipts, 0 as fines
    from invoice_lines l
    join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
    where l.institute_id = ${instituteId} and i.issue_date between ${from} and ${to}`
  const received = (cancelled: boolean) => sql`
    select l.fee_head_id, l.student_id, i.academic_session_id, i.campus_id,
      ${cancelled ? sql`cv.date` : sql`p.received_on`} as day, p.id as document_id,
      p.number, ${sql.raw(cancelled ? `'cancelledReceipt'` : `'receipt'`)} as kind,
      0 as billed, 0 as concessions, 0 as vat, 0 as cancelled_invoices,
      ${cancelled ? sql`0` : sql`a.principal_minor`} as collected,
      ${cancelled ? sql`a.principal_minor` : sql`0`} as cancelled_receipts,
      ${cancelled ? sql`-a.fine_minor` : sql`a.fine_minor`} as fines
    from payment_allocations a
    join payments p on p.institute_id = a.institute_id and p.id = a.payment_id
    join invoice_lines l on l.institute_id = a.institute_id and l.id = a.invoice_line_id
    join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
    ${cancelled ? sql`join vouchers cv on cv.institute_id = p.institute_id and cv.id = p.cancel_voucher_id` : sql``}
    where a.institute_id = ${instituteId}
      and ${cancelled ? sql`cv.date` : sql`p.received_on`} between ${from} and ${to}`
  const { query } = o
  const where: SQL[] = [inCampusScope(o.scope, sql`m.campus_id`)]
  if (query.academicSessionId) where.push(sql`m.academic_session_id = ${query.academicSessionId}`)
  if (query.campusId) where.push(sql`m.campus_id = ${query.campusId}`)
  if (query.classId) where.push(sql`e.class_id = ${query.classId}`)
  if (query.groupId) where.push(sql`e.group_id = ${query.groupId}`)
  if (query.sectionId) where.push(sql`e.section_id = ${query.sectionId}`)
  if (query.feeHeadId) where.push(sql`m.fee_head_id = ${query.feeHeadId}`)
  return sql`with moves as (
    select m.*, e.class_id, c.name as class_name, c.position as class_position
    from (${invoiced} union all ${received(false)} union all ${received(true)}) m
    left join enrolments e on e.institute_id = ${instituteId} and e.student_id = m.student_id
      and e.academic_session_id = m.academic_session_id
    left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
    where ${sql.join(where, sql` and `)}
  )`
}

/** The movements of the period summed per head and `key` (none, the class, or the month). */
export async function movesByHead(db: Db, o: HeadLedgerOptions, key: SQL = sql`''`) {
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`${moves(o)}
      select fee_head_id, ${key} as key,
        ${sql.join(
          movingFigures.map(
            (f) => sql`sum(${sql.identifier(movingFigure[f])}) as ${sql.identifier(f)}`,
          ),
          sql`, `,
        )}
      from moves group by 1, 2`),
  )
  return rows.map((r) => ({
    feeHeadId: r.fee_head_id!,
    key: r.key!,
    ...(Object.fromEntries(movingFigures.map((f) => [f, Number(r[f])])) as Record<
      MovingFigure,
      number
    >),
  }))
}

/** The day before a YYYY-MM-DD day. */
export const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

/** The institute's heads by name, in their order. */
export async function headNames(db: Db, instituteId: string) {
  return rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from fee_heads where institute_id = ${instituteId}
      order by priority, name, id`),
  )
}

const zero = (feeHeadId: string, feeHeadName: string): HeadLedgerRow => ({
  feeHeadId,
  feeHeadName,
  opening: 0,
  billed: 0,
  concessions: 0,
  vat: 0,
  cancelledInvoices: 0,
  collected: 0,
  cancelledReceipts: 0,
  fines: 0,
  closing: 0,
})

/** Each head with anything owed or moved in the period, its figures, in the heads' order. */
export async function headLedgerRows(db: Db, o: HeadLedgerOptions): Promise<HeadLedgerRow[]> {
  const owed = (asOf: string) =>
    owedByHead(db, { instituteId: o.instituteId, asOf, filters: o.query, scope: o.scope })
  const [opening, closing, moved, heads] = [
    await owed(dayBefore(o.from)),
    await owed(o.to),
    await movesByHead(db, o),
    await headNames(db, o.instituteId),
  ]
  const rows = new Map(heads.map((h) => [h.id, zero(h.id, h.name)]))
  for (const r of opening) rows.get(r.feeHeadId)!.opening += r.minor
  for (const r of closing) rows.get(r.feeHeadId)!.closing += r.minor
  for (const m of moved) {
    const row = rows.get(m.feeHeadId)!
    for (const figure of movingFigures) row[figure] += m[figure]
  }
  return [...rows.values()].filter((row) =>
    Object.values(row).some((value) => typeof value === 'number' && value !== 0),
  )
}

/** Every head's figures added up. */
export function ledgerTotals(rows: HeadLedgerRow[], label: string): HeadLedgerRow {
  const totals = zero('', label)
  for (const row of rows) {
    for (const key of Object.keys(totals) as (keyof HeadLedgerRow)[]) {
      if (typeof totals[key] === 'number') (totals[key] as number) += row[key] as number
    }
  }
  return totals
}

/** A document line of a figure as `figureLines` reads it. */
export interface FigureLineRow {
  day: string
  kind: HeadLedgerLine['kind']
  document_id: string
  number: string
  student_code: string
  full_name: string
  class_name: string | null
  amount: string
}

/** The columns of `lines` read as FigureLineRow. */
export const figureLineColumns = sql`day::text as day, kind, document_id, number, student_code,
  full_name, class_name, amount`

/** The order of a figure's lines: by day and document. */
export const figureLineOrder = sql`day, number, document_id`

/** `lines`: the document lines (one per document and head) a moving figure is made of. */
export function figureLines(o: HeadLedgerOptions, figure: MovingFigure) {
  const column = sql.identifier(movingFigure[figure])
  return sql`${moves(o)}, lines as (
      select m.day, m.kind, m.document_id, m.number, s.student_code, s.full_name, m.class_name,
        sum(m.${column}) as amount
      from moves m join students s on s.institute_id = ${o.instituteId} and s.id = m.student_id
      group by m.day, m.kind, m.document_id, m.number, s.student_code, s.full_name, m.class_name
      having sum(m.${column}) <> 0
    )`
}

export const toFigureLine = (r: FigureLineRow): HeadLedgerLine => ({
  day: r.day,
  kind: r.kind,
  documentId: r.document_id,
  number: r.number,
  studentCode: r.student_code,
  fullName: r.full_name,
  className: r.class_name,
  amountMinor: Number(r.amount),
})

/** One page of the document lines a moving figure of a head is made of, and their sum. */
export async function movementLines(
  db: Db,
  o: HeadLedgerOptions,
  figure: MovingFigure,
  page: { page: number; perPage: number },
) {
  const lines = figureLines(o, figure)
  const rows = rowsOf<FigureLineRow>(
    await db.execute(sql`${lines} select ${figureLineColumns} from lines
      order by ${figureLineOrder}
      limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`),
  )
  const [sum] = rowsOf<{ n: string; minor: string | null }>(
    await db.execute(sql`${lines} select count(*) as n, sum(amount) as minor from lines`),
  )
  return {
    data: rows.map(toFigureLine),
    total: Number(sum?.n ?? 0),
    totalMinor: Number(sum?.minor ?? 0),
  }
}
