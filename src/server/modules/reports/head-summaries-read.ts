import { sql } from 'drizzle-orm'
import type { HeadSummariesQuery } from '../../../shared/schemas/report-search.ts'
import type { HeadSummaries } from '../../../shared/schemas/reports.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import type { CampusScope } from '../../lib/campus-scope.ts'
import { owedByHead } from './owed-by-head.ts'
import { headNames, movesByHead } from './head-ledger-read.ts'

/*
 * Matrices of fee heads by class or month, summed in SQL from the head-wise ledger's movements
 * and the due report's lines owed, so that each head's row total is its ledger figure:
 * billed    what invoices of the period ask, net: billed − concessions + VAT added − invoices
 *           cancelled (each by its document's day)
 * collected principal collected less receipts cancelled (each by its day)
 * due       what is owed at the period's end (by month: the month each line fell due)
 */

interface SummaryOptions {
  instituteId: string
  from: string
  to: string
  query: HeadSummariesQuery
  scope: CampusScope
}

/** Each head × key's amount of the measure asked for. */
async function cells(db: Db, o: SummaryOptions) {
  const { by, measure } = o.query
  if (measure === 'due') {
    const owed = await owedByHead(db, {
      instituteId: o.instituteId,
      asOf: o.to,
      filters: o.query,
      scope: o.scope,
      split: by,
    })
    return owed.map((r) => ({ feeHeadId: r.feeHeadId, key: r.key, minor: r.minor }))
  }
  const key = by === 'class' ? sql`coalesce(class_id::text, '')` : sql`to_char(day, 'YYYY-MM')`
  const moved = await movesByHead(db, o, key)
  return moved.map((m) => ({
    feeHeadId: m.feeHeadId,
    key: m.key,
    minor:
      measure === 'billed'
        ? m.billed - m.concessions + m.vat - m.cancelledInvoices
        : m.collected - m.cancelledReceipts,
  }))
}

/** The months from `from` to `to`, as YYYY-MM. */
function monthsOf(from: string, to: string) {
  const months: string[] = []
  for (let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))]; ; m++) {
    if (m > 12) [y, m] = [y + 1, 1]
    const month = `${y}-${String(m).padStart(2, '0')}`
    if (month > to.slice(0, 7)) return months
    months.push(month)
  }
}

/** The columns: the institute's classes in their order (students in none last), or months. */
async function columnsOf(db: Db, o: SummaryOptions, keys: Set<string>) {
  if (o.query.by === 'month') {
    const months = new Set([...monthsOf(o.from, o.to), ...keys])
    return [...months].sort().map((key) => ({ key, label: key }))
  }
  const classes = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id::text as id, name from classes
      where institute_id = ${o.instituteId} order by position, name, id`),
  )
  return [
    ...classes.filter((c) => keys.has(c.id)).map((c) => ({ key: c.id, label: c.name })),
    ...(keys.has('') ? [{ key: '', label: '' }] : []),
  ]
}

/** The matrix with its rows' and columns' totals; heads with nothing to show are left out. */
export async function headSummaries(
  db: Db,
  o: SummaryOptions,
): Promise<Omit<HeadSummaries, 'from' | 'to' | 'by' | 'measure'>> {
  const found = (await cells(db, o)).filter((c) => c.minor !== 0)
  const columns = await columnsOf(db, o, new Set(found.map((c) => c.key)))
  const at = new Map(columns.map((c, i) => [c.key, i]))
  const rows = (await headNames(db, o.instituteId)).flatMap((head) => {
    const mine = found.filter((c) => c.feeHeadId === head.id)
    if (!mine.length) return []
    const row = columns.map(() => 0)
    for (const c of mine) row[at.get(c.key)!]! += c.minor
    return [
      {
        feeHeadId: head.id,
        feeHeadName: head.name,
        cells: row,
        totalMinor: row.reduce((s, n) => s + n, 0),
      },
    ]
  })
  const columnTotals = columns.map((_, i) => rows.reduce((s, r) => s + r.cells[i]!, 0))
  return {
    columns,
    rows,
    columnTotals,
    totalMinor: columnTotals.reduce((s, n) => s + n, 0),
  }
}
