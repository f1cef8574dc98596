import type { MessageDescriptor } from '@lingui/core'
import { and, eq, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import { ledgerRows, reportColumns, reportSheets } from '../../../shared/messages/report-files.ts'
import { LedgerFileQuerySchema } from '../../../shared/schemas/accounting.ts'
import type { VoucherType } from '../../../shared/schemas/accounting-queries.ts'
import { accounts } from '../../db/schema/accounting.ts'
import { rowsOf } from '../../db/rows.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import type { ReportColumn } from '../../lib/report-file.ts'
import type { ReportExportSource } from '../../lib/report-export/source.ts'
import { voucherReference } from './posting.ts'

interface LedgerExportOptions {
  instituteId: string
  account: { id: string; glCode: string }
  from: string
  to: string
}

/** A row of the file as SQL reads it: the opening, each posting, the totals, the closing. */
interface LedgerRaw {
  row: 'opening' | 'line' | 'total' | 'closing'
  date: string | null
  type: VoucherType | null
  fiscal_year: number | null
  number: number | null
  narration: string | null
  memo: string | null
  debit: number | string | null
  credit: number | string | null
  balance: number | string | null
}

/** A line of a ledger's file: the postings, with the balances and totals around them. */
interface LedgerFileRow {
  date: string | null
  reference: string
  narration: string | MessageDescriptor
  memo: string
  debit: number | null
  credit: number | null
  balance: number | null
}

const ledgerColumns: ReportColumn<LedgerFileRow>[] = [
  { heading: reportColumns.date, kind: 'day', value: (r) => r.date },
  { heading: reportColumns.reference, kind: 'text', value: (r) => r.reference },
  { heading: reportColumns.narration, kind: 'text', value: (r) => r.narration },
  { heading: reportColumns.memo, kind: 'text', value: (r) => r.memo },
  { heading: reportColumns.debit, kind: 'money', value: (r) => r.debit },
  { heading: reportColumns.credit, kind: 'money', value: (r) => r.credit },
  { heading: reportColumns.balance, kind: 'money', value: (r) => r.balance },
]

const money = (n: number | string | null) => (n === null ? null : Number(n))

function toFileRow(r: LedgerRaw): LedgerFileRow {
  const amounts = { debit: money(r.debit), credit: money(r.credit), balance: money(r.balance) }
  if (r.row !== 'line') {
    return { date: r.date, reference: '', narration: ledgerRows[r.row], memo: '', ...amounts }
  }
  return {
    date: r.date,
    reference: voucherReference(r.type!, r.fiscal_year!, r.number!),
    narration: r.narration ?? '',
    memo: r.memo ?? '',
    ...amounts,
  }
}

/**
 * The file's rows in one statement: the balance brought forward, each posting of the period with
 * the running balance (in the ledger's order: day, then as posted), the period's totals and the
 * balance carried forward. Summed in SQL, so a year of a busy account is never held in memory.
 */
function ledgerRowsOf(o: LedgerExportOptions) {
  const ofAccount = sql`l.institute_id = ${o.instituteId} and l.account_id = ${o.account.id}`
  const joined = sql`voucher_lines l join vouchers v on v.institute_id = l.institute_id
    and v.id = l.voucher_id`
  return sql`with before as (
      select coalesce(sum(l.debit - l.credit), 0)::bigint as opening
      from ${joined} where ${ofAccount} and v.date < ${o.from}
    ), lines as (
      select v.date, v.type, v.fiscal_year, v.number, v.narration, l.memo, l.debit, l.credit,
        row_number() over (order by v.date, v.created_at, l.id)::int as n
      from ${joined} where ${ofAccount} and v.date between ${o.from} and ${o.to}
    ), sums as (
      select count(*)::int as n, coalesce(sum(debit), 0)::bigint as debit,
        coalesce(sum(credit), 0)::bigint as credit
      from lines
    )
    select 'opening' as row, ${o.from}::text as date, null::text as type,
      null::int as fiscal_year, null::int as number, null::text as narration, null::text as memo,
      null::bigint as debit, null::bigint as credit, b.opening as balance, 1 as export_n
    from before b
    union all
    select 'line', date::text, type, fiscal_year, number, narration, memo, debit, credit,
      b.opening + sum(debit - credit) over (order by n), n + 1
    from lines, before b
    union all
    select 'total', null, null, null, null, null, null, s.debit, s.credit, null, s.n + 2
    from sums s
    union all
    select 'closing', ${o.to}::text, null, null, null, null, null, null, null,
      b.opening + s.debit - s.credit, s.n + 3
    from sums s, before b`
}

/**
 * An account's general ledger as a file (permission getVouchers): downloaded at once, or made by
 * a job when it has more rows than a download may (REPORT_EXPORT_DIRECT_MAX_ROWS).
 */
export const ledgerExport: ReportExportSource<
  v.InferOutput<typeof LedgerFileQuerySchema>,
  LedgerExportOptions,
  LedgerRaw,
  LedgerFileRow
> = {
  report: 'ledger',
  subject: 'getVouchers',
  query: LedgerFileQuerySchema,
  options: async (db, query, asker) => {
    if (query.to < query.from) throw validationFailed({ to: 'end_before_start' })
    const [account] = await db
      .select({ id: accounts.id, glCode: accounts.glCode })
      .from(accounts)
      .where(and(eq(accounts.id, query.accountId), eq(accounts.instituteId, asker.instituteId)))
    if (!account) throw notFound('account_not_found')
    return { instituteId: asker.instituteId, account, from: query.from, to: query.to }
  },
  name: (o) => `ledger-${o.account.glCode}-${o.from}-${o.to}`,
  sheet: reportSheets.ledger,
  columns: () => ledgerColumns,
  count: async (db, o) => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int + 3 as n from voucher_lines l
        join vouchers v on v.institute_id = l.institute_id and v.id = l.voucher_id
        where l.institute_id = ${o.instituteId} and l.account_id = ${o.account.id}
          and v.date between ${o.from} and ${o.to}`),
    )
    return row?.n ?? 3
  },
  rows: ledgerRowsOf,
  present: async (_db, _o, rows) => rows.map(toFileRow),
}
