import { sql, type SQL } from 'drizzle-orm'
import type { PaidGroup, PaidReportRow } from '../../../shared/schemas/reports.ts'
import type { PaidReportQuery } from '../../../shared/schemas/report-search.ts'
import type { TenderMethod } from '../../../shared/schemas/collection-search.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { containing } from '../../lib/like.ts'
import { inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'

/*
 * The receipts of a period, as the counter issued them (cancelled ones kept, said so), with
 * where their money came from: tenders (money at the counter) and the students' advances.
 */

export interface PaidReadOptions {
  instituteId: string
  from: string
  to: string
  /** The session whose class, group and section a student's receipt is placed in. */
  sessionId: string | null
  query: PaidReportQuery
  /** The campuses the reader may see (`lib/campus-scope.ts`). */
  scope: CampusScope
}

/**
 * The receipts the filters keep (`matching`), each with its money: the receipt's own amount
 * (Σ its tenders) and the advances it used. Only payments' own columns: a filter on a payer or
 * a placement asks `exists`, and the names are joined for the rows shown alone (`placed`).
 */
export function matching(o: PaidReadOptions) {
  const { query } = o
  const where: SQL[] = [
    sql`p.institute_id = ${o.instituteId}`,
    sql`p.received_on between ${o.from} and ${o.to}`,
    inCampusScope(o.scope, sql`p.campus_id`),
  ]
  if (query.campusId) where.push(sql`p.campus_id = ${query.campusId}`)
  const placement: SQL[] = []
  if (query.classId) placement.push(sql`e.class_id = ${query.classId}`)
  if (query.groupId) placement.push(sql`e.group_id = ${query.groupId}`)
  if (query.sectionId) placement.push(sql`e.section_id = ${query.sectionId}`)
  if (placement.length) {
    where.push(sql`exists (select 1 from enrolments e where e.institute_id = p.institute_id
      and e.student_id = p.student_id and e.academic_session_id = ${o.sessionId}
      and ${sql.join(placement, sql` and `)})`)
  }
  if (query.cashierId) where.push(sql`p.collected_by = ${query.cashierId}`)
  if (query.status) {
    where.push(sql`p.status = ${query.status === 'issued' ? 'posted' : 'cancelled'}`)
  }
  if (query.method) {
    where.push(sql`exists (select 1 from payment_tenders t where t.institute_id = p.institute_id
      and t.payment_id = p.id and t.method = ${query.method})`)
  }
  if (query.feeHeadId) {
    where.push(sql`exists (select 1 from payment_allocations pa
      join invoice_lines l on l.institute_id = pa.institute_id and l.id = pa.invoice_line_id
      where pa.institute_id = p.institute_id and pa.payment_id = p.id
        and l.fee_head_id = ${query.feeHeadId})`)
  }
  if (query.q) {
    const pattern = containing(query.q)
    where.push(sql`(p.number ilike ${pattern}
      or exists (select 1 from students s where s.institute_id = p.institute_id
        and s.id = p.student_id and (s.full_name ilike ${pattern} or s.student_code ilike ${pattern}))
      or exists (select 1 from applicants a where a.institute_id = p.institute_id
        and a.id = p.applicant_id and a.applicant_name ilike ${pattern}))`)
  }
  return sql`with advanced as (
    select m.payment_id, sum(abs(m.amount_minor)) as advance
    from advance_movements m
    join payments x on x.institute_id = m.institute_id and x.id = m.payment_id
    where m.institute_id = ${o.instituteId} and m.kind = 'used'
      and x.received_on between ${o.from} and ${o.to}
    group by m.payment_id
  ), matching as (
    select p.id, p.number, p.received_on, p.created_at, p.status, p.collected_by, p.student_id,
      p.applicant_id, p.amount_minor as received, coalesce(ad.advance, 0) as advance
    from payments p
    left join advanced ad on ad.payment_id = p.id
    where ${sql.join(where, sql` and `)}
  )`
}

/**
 * Receipts (`rows`, of matching) with their payer, class in the session and cashier, and the
 * methods of their tenders.
 */
export const placed = (o: PaidReadOptions, rows: SQL) => sql`select r.id, r.number,
    r.received_on::text as received_on, r.created_at, r.status, r.collected_by, r.received,
    r.advance, coalesce(s.full_name, a.applicant_name, '') as payer_name, s.student_code,
    c.name as class_name, c.position as class_position, u.full_name as cashier_name,
    coalesce((select array_agg(distinct t.method order by t.method) from payment_tenders t
      where t.institute_id = ${o.instituteId} and t.payment_id = r.id), '{}') as methods
  from (${rows}) r
  left join students s on s.institute_id = ${o.instituteId} and s.id = r.student_id
  left join applicants a on a.institute_id = ${o.instituteId} and a.id = r.applicant_id
  left join enrolments e on e.institute_id = ${o.instituteId} and e.student_id = r.student_id
    and e.academic_session_id = ${o.sessionId}
  left join classes c on c.institute_id = e.institute_id and c.id = e.class_id
  left join users u on u.id = r.collected_by`

export interface MatchingRow {
  id: string
  number: string
  received_on: string
  status: 'posted' | 'cancelled'
  collected_by: string | null
  payer_name: string
  student_code: string | null
  class_name: string | null
  class_position: number | null
  cashier_name: string | null
  received: string
  advance: string
  methods: TenderMethod[] | string
}

/** `methods` as either driver gives a text array: an array, or PostgreSQL's `{a,b}`. */
const methodsOf = (value: TenderMethod[] | string): TenderMethod[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter((method): method is TenderMethod => method !== '')

export const toRow = (r: MatchingRow): PaidReportRow => ({
  paymentId: r.id,
  number: r.number,
  receivedOn: r.received_on,
  payerName: r.payer_name,
  studentCode: r.student_code,
  className: r.class_name,
  cashierName: r.cashier_name,
  methods: methodsOf(r.methods),
  kind: Number(r.received) > 0 ? 'counter' : 'advance',
  receivedMinor: Number(r.received),
  advanceMinor: Number(r.advance),
  status: r.status === 'posted' ? 'issued' : 'cancelled',
})

export function orderOf(query: PaidReportQuery): SQL {
  const direction = query.sortDesc ? sql`desc` : sql`asc`
  switch (query.sortBy ?? 'receivedOn') {
    case 'receivedOn':
      // A day's receipts in the order they were taken, whichever campus numbered them.
      return sql`received_on ${direction}, created_at ${direction}, number ${direction}`
    case 'number':
      return sql`number ${direction}`
    case 'amount':
      return sql`received + advance ${direction}, created_at`
  }
}

/**
 * Each group's receipts and money over every receipt kept that stands (a cancelled one is
 * money handed back: in the totals apart), as `groupBy` groups them.
 */
async function groupsOf(db: Db, o: PaidReadOptions): Promise<PaidGroup[]> {
  const m = matching(o)
  // The class and cashier's name are read for those groupings alone.
  const byColumn = (key: SQL, label: SQL, order: SQL, rows = sql`matching`) => sql`${m}
    select ${key} as key, ${label} as label, count(*) as receipts, sum(received) as amount,
      sum(advance) as advance
    from ${rows} x where status = 'posted' group by 1, 2 order by ${order}`
  const named = sql`(${placed(o, sql`select * from matching where status = 'posted'`)})`
  const query = {
    day: byColumn(sql`received_on::text`, sql`received_on::text`, sql`1`),
    class: byColumn(
      sql`coalesce(class_name, '')`,
      sql`coalesce(class_name, '')`,
      sql`min(class_position) nulls last, 2`,
      named,
    ),
    cashier: byColumn(
      sql`coalesce(collected_by::text, '')`,
      sql`coalesce(cashier_name, '')`,
      sql`2`,
      named,
    ),
    method: sql`${m}
      select t.method as key, t.method as label, count(distinct t.payment_id) as receipts,
        sum(t.amount_minor) as amount, 0 as advance
      from matching x join payment_tenders t on t.institute_id = ${o.instituteId}
        and t.payment_id = x.id
      where x.status = 'posted'
      group by 1, 2 order by 1`,
    head: sql`${m}
      select h.id::text as key, h.name as label, count(distinct pa.payment_id) as receipts,
        sum(pa.principal_minor + pa.fine_minor) as amount, 0 as advance
      from matching x
      join payment_allocations pa on pa.institute_id = ${o.instituteId} and pa.payment_id = x.id
      join invoice_lines l on l.institute_id = pa.institute_id and l.id = pa.invoice_line_id
      join fee_heads h on h.institute_id = l.institute_id and h.id = l.fee_head_id
      where x.status = 'posted'
      group by h.id, h.name, h.priority order by h.priority, h.name`,
  }[o.query.groupBy]
  const rows = rowsOf<{
    key: string
    label: string
    receipts: string
    amount: string
    advance: string
  }>(await db.execute(query))
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    receipts: Number(r.receipts),
    amountMinor: Number(r.amount),
    advanceMinor: Number(r.advance),
  }))
}

/** One page of the receipts kept, the groups and the totals of all of them. */
export async function paidReportPage(db: Db, o: PaidReadOptions) {
  const { query } = o
  const page = rowsOf<MatchingRow>(
    await db.execute(
      sql`${matching(o)} ${placed(
        o,
        sql`select * from matching order by ${orderOf(query)}
        limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
      )} order by ${orderOf(query)}`,
    ),
  )
  const [totals] = rowsOf<{
    n: string
    received: string | null
    advance: string | null
    cancelled: string | null
  }>(
    await db.execute(sql`${matching(o)}
      select count(*) as n, sum(received) filter (where status = 'posted') as received,
        sum(advance) filter (where status = 'posted') as advance,
        sum(received + advance) filter (where status = 'cancelled') as cancelled
      from matching`),
  )
  return {
    data: page.map(toRow),
    total: Number(totals?.n ?? 0),
    groups: await groupsOf(db, o),
    totals: {
      receipts: Number(totals?.n ?? 0),
      receivedMinor: Number(totals?.received ?? 0),
      advanceMinor: Number(totals?.advance ?? 0),
      cancelledMinor: Number(totals?.cancelled ?? 0),
    },
  }
}

/**
 * The money the counter received in the period by the receipts (Σ the amounts, each Σ its
 * tenders, of every receipt issued then, cancelled since or not: a cancellation is posted on
 * its own day) and by the ledger (Σ debits of the counter's receipt vouchers of those days to
 * the accounts the money went to: every account but Student advances, which an advance used
 * debits).
 */
export async function receivedByBooks(db: Db, instituteId: string, from: string, to: string) {
  const [row] = rowsOf<{ receipts: string | null; ledger: string | null }>(
    await db.execute(sql`select
      (select sum(p.amount_minor) from payments p
        where p.institute_id = ${instituteId} and p.received_on between ${from} and ${to})
        as receipts,
      (select sum(l.debit) from voucher_lines l
        join vouchers v on v.institute_id = l.institute_id and v.id = l.voucher_id
        where l.institute_id = ${instituteId} and v.date between ${from} and ${to}
          and v.type = 'receipt' and v.source = 'collection' and v.reverses_id is null
          and l.account_id not in (select m.account_id from coa_mappings m
            where m.institute_id = ${instituteId} and m.purpose = 'student_advance')) as ledger`),
  )
  return { reportMinor: Number(row?.receipts ?? 0), ledgerMinor: Number(row?.ledger ?? 0) }
}

/** Who took the receipts of the period the reader may see, by name. */
export async function cashiersOf(db: Db, { instituteId, from, to, scope }: PaidReadOptions) {
  return rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select distinct u.id, u.full_name as name from payments p
      join users u on u.id = p.collected_by
      where p.institute_id = ${instituteId} and p.received_on between ${from} and ${to}
        and ${inCampusScope(scope, sql`p.campus_id`)}
      order by 2, 1`),
  )
}
