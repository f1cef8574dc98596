import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type * as v from 'valibot'
import type { Voucher } from '../../../shared/schemas/accounting.ts'
import type { VoucherListQuerySchema } from '../../../shared/schemas/accounting-queries.ts'
import type { Db } from '../../db/client.ts'
import { accounts, voucherLines, vouchers } from '../../db/schema/accounting.ts'
import { users } from '../../db/schema/auth.ts'
import { containing } from '../../lib/like.ts'
import { voucherReference } from './posting.ts'
import { rowKey } from '../../db/tenant-rows.ts'

type VoucherListQuery = v.InferOutput<typeof VoucherListQuerySchema>

const reversedBy = sql<
  string | null
>`(select r.id from vouchers r where r.reverses_id = "vouchers"."id")`

/** Vouchers with their lines, in the order of `ids`. */
async function withLines(db: Db, ids: string[]): Promise<Voucher[]> {
  if (ids.length === 0) return []
  const heads = await db
    .select({
      id: vouchers.id,
      type: vouchers.type,
      fiscalYear: vouchers.fiscalYear,
      number: vouchers.number,
      date: vouchers.date,
      narration: vouchers.narration,
      source: vouchers.source,
      reversesId: vouchers.reversesId,
      reversedById: reversedBy,
      createdAt: vouchers.createdAt,
      createdBy: users.fullName,
    })
    .from(vouchers)
    .leftJoin(users, eq(users.id, vouchers.createdBy))
    .where(inArray(vouchers.id, ids))
  const lines = await db
    .select({
      voucherId: voucherLines.voucherId,
      accountId: voucherLines.accountId,
      glCode: accounts.glCode,
      accountName: accounts.name,
      debit: voucherLines.debit,
      credit: voucherLines.credit,
      memo: voucherLines.memo,
    })
    .from(voucherLines)
    .innerJoin(accounts, rowKey(accounts, voucherLines.instituteId, voucherLines.accountId))
    .where(inArray(voucherLines.voucherId, ids))
    .orderBy(asc(voucherLines.lineNo))
  return ids.map((id) => {
    const head = heads.find((h) => h.id === id)!
    const own = lines.filter((l) => l.voucherId === id).map(({ voucherId: _, ...l }) => l)
    return {
      ...head,
      reference: voucherReference(head.type, head.fiscalYear, head.number),
      createdAt: head.createdAt.toISOString(),
      total: own.reduce((sum, l) => sum + l.debit, 0),
      lines: own,
    }
  })
}

export async function findVoucher(db: Db, instituteId: string, id: string) {
  const [row] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.id, id), eq(vouchers.instituteId, instituteId)))
  return row ? (await withLines(db, [row.id]))[0] : undefined
}

export async function listVouchers(db: Db, instituteId: string, query: VoucherListQuery) {
  const conditions: SQL[] = [eq(vouchers.instituteId, instituteId)]
  if (query.type) conditions.push(eq(vouchers.type, query.type))
  if (query.from) conditions.push(sql`${vouchers.date} >= ${query.from}`)
  if (query.to) conditions.push(sql`${vouchers.date} <= ${query.to}`)
  if (query.accountId) {
    conditions.push(
      sql`exists (select 1 from voucher_lines l where l.voucher_id = "vouchers"."id"
        and l.account_id = ${query.accountId})`,
    )
  }
  if (query.q) {
    const like = containing(query.q)
    conditions.push(
      or(
        ilike(vouchers.narration, like),
        sql`exists (select 1 from voucher_lines l where l.voucher_id = "vouchers"."id"
          and l.memo ilike ${like})`,
        sql`(case ${vouchers.type} when 'receipt' then 'RV' when 'payment' then 'PV'
          when 'journal' then 'JV' else 'CV' end) || '-' || ${vouchers.fiscalYear} || '-' ||
          lpad(${vouchers.number}::text, 4, '0') ilike ${like}`,
      )!,
    )
  }
  const where = and(...conditions)
  const order = query.sortDesc === false && query.sortBy ? asc : desc
  const sortColumns =
    query.sortBy === 'number'
      ? [order(vouchers.type), order(vouchers.fiscalYear), order(vouchers.number)]
      : [order(vouchers.date), order(vouchers.createdAt), order(vouchers.id)]
  const rows = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(where)
    .orderBy(...sortColumns)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(vouchers)
    .where(where)
  return {
    data: await withLines(
      db,
      rows.map((r) => r.id),
    ),
    total: count?.total ?? 0,
  }
}
