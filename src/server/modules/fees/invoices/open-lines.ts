import { sql } from 'drizzle-orm'
import type { OpenLine } from '../../../../shared/schemas/collection-payments.ts'
import type { Db } from '../../../db/client.ts'
import { chargedFines } from '../rules/fine-read.ts'
import { lineBalance } from './line-balance.ts'
import { pgArray } from '../../../lib/sql-arrays.ts'

interface LineRow {
  line_id: string
  invoice_id: string
  invoice_number: string
  student_id: string
  period_id: string | null
  fee_head_name: string
  priority: number
  period_name: string | null
  due_date: string
  paid_minor: string
  balance_minor: string
  fine_paid_minor: string
}

/**
 * The live invoice lines of these students (neither cancelled nor credit notes), each with its
 * balance (line-balance.ts), what is paid of it and what is paid of its fine. `lock` takes the
 * lines (no key update: references to them may still be made), in the key's order, so that two
 * counters paying one line take turns (and never deadlock on a family's lines).
 */
async function liveLines(db: Db, instituteId: string, studentIds: string[], lock: boolean) {
  const result = await db.execute(sql`select l.id as line_id, l.invoice_id,
      i.number as invoice_number, l.student_id, l.period_id, h.name as fee_head_name, h.priority,
      p.name as period_name, i.due_date::text as due_date, l.paid_minor,
      l.fine_minor as fine_paid_minor,
      ${lineBalance} as balance_minor
    from invoice_lines l
    join invoices i on i.institute_id = l.institute_id and i.id = l.invoice_id
    join fee_heads h on h.institute_id = l.institute_id and h.id = l.fee_head_id
    left join payment_periods p on p.institute_id = l.institute_id and p.id = l.period_id
    where l.institute_id = ${instituteId} and l.student_id = any(${pgArray(studentIds)}::uuid[])
      and not l.cancelled and l.credits_line_id is null and i.credit_of is null
      and i.status <> 'cancelled'
    order by l.id
    ${lock ? sql`for no key update of l` : sql``}`)
  return (result as unknown as { rows: LineRow[] }).rows
}

/** A line's figures at the counter, as of `asOf`: principal due and the fine not yet paid. */
export interface CounterLine extends OpenLine {
  /** What is paid of its fine so far. */
  finePaidMinor: number
}

/**
 * The students' lines with something still to pay as of `asOf`: principal or fine (the shared
 * fine function, the period cap, waivers and earlier payments counted). A line paid in full has
 * had its fine paid too (the counter takes a line's fine first), so only open lines are read;
 * `settled` adds the others, with nothing due.
 */
export async function counterLines(
  db: Db,
  instituteId: string,
  studentIds: string[],
  asOf: string,
  { lock = false, settled = false } = {},
): Promise<CounterLine[]> {
  if (!studentIds.length) return []
  const rows = await liveLines(db, instituteId, studentIds, lock)
  const isOpen = (r: LineRow) => Number(r.balance_minor) > 0
  // The fines of the open lines as of the day, all read together.
  const fines = await chargedFines(
    db,
    instituteId,
    rows.filter(isOpen).map((r) => ({
      id: r.line_id,
      studentId: r.student_id,
      periodId: r.period_id,
      cancelled: false,
    })),
    asOf,
  )
  const lines: CounterLine[] = []
  for (const r of rows) {
    const open = isOpen(r)
    if (!open && !settled) continue
    const finePaid = Number(r.fine_paid_minor)
    const fine = open ? fines.get(r.line_id)!.amount - finePaid : 0
    lines.push({
      lineId: r.line_id,
      invoiceId: r.invoice_id,
      invoiceNumber: r.invoice_number,
      studentId: r.student_id,
      feeHeadName: r.fee_head_name,
      priority: r.priority,
      periodName: r.period_name,
      dueDate: r.due_date,
      // What it asks as it stands: its balance and what is paid of it.
      netMinor: Number(r.balance_minor) + Number(r.paid_minor),
      paidMinor: Number(r.paid_minor),
      dueMinor: Number(r.balance_minor),
      fineMinor: Math.max(0, fine),
      finePaidMinor: finePaid,
    })
  }
  return lines
}
