import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm'
import type { Ledger, TrialBalance } from '../../../shared/schemas/accounting.ts'
import type { LedgerQuery } from '../../../shared/schemas/accounting-queries.ts'
import type { Db } from '../../db/client.ts'
import { accounts, voucherLines, vouchers } from '../../db/schema/accounting.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import { voucherReference } from './posting.ts'

// A sum of bigints is numeric in PostgreSQL: it cannot overflow, and line amounts are capped so
// that an account's totals stay exact JavaScript numbers in any realistic ledger.
const total = (column: typeof voucherLines.debit | typeof voucherLines.credit) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number)

/** One account's postings in a period: the balance brought forward, each line with the running balance, the balance carried forward. */
export async function readLedger(db: Db, instituteId: string, query: LedgerQuery): Promise<Ledger> {
  if (query.to < query.from) throw validationFailed({ to: 'end_before_start' })
  const [account] = await db
    .select({ id: accounts.id, glCode: accounts.glCode, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, query.accountId), eq(accounts.instituteId, instituteId)))
  if (!account) throw notFound('account_not_found')
  const ofAccount = and(
    eq(voucherLines.accountId, account.id),
    eq(voucherLines.instituteId, instituteId),
  )
  const [before] = await db
    .select({ debit: total(voucherLines.debit), credit: total(voucherLines.credit) })
    .from(voucherLines)
    .innerJoin(vouchers, rowKey(vouchers, voucherLines.instituteId, voucherLines.voucherId))
    .where(and(ofAccount, lt(vouchers.date, query.from)))
  const rows = await db
    .select({
      voucherId: vouchers.id,
      type: vouchers.type,
      fiscalYear: vouchers.fiscalYear,
      number: vouchers.number,
      date: vouchers.date,
      narration: vouchers.narration,
      memo: voucherLines.memo,
      debit: voucherLines.debit,
      credit: voucherLines.credit,
    })
    .from(voucherLines)
    .innerJoin(vouchers, rowKey(vouchers, voucherLines.instituteId, voucherLines.voucherId))
    .where(and(ofAccount, gte(vouchers.date, query.from), lte(vouchers.date, query.to)))
    .orderBy(asc(vouchers.date), asc(vouchers.createdAt), asc(voucherLines.id))
  const opening = (before?.debit ?? 0) - (before?.credit ?? 0)
  let balance = opening
  const lines = rows.map(({ type, fiscalYear, number, ...row }) => {
    balance += row.debit - row.credit
    return { ...row, reference: voucherReference(type, fiscalYear, number), balance }
  })
  return { account, from: query.from, to: query.to, opening, lines, closing: balance }
}

/** Every account's balance on a day, on its own side; the two columns must agree. */
export async function readTrialBalance(
  db: Db,
  instituteId: string,
  asOf: string,
): Promise<TrialBalance> {
  const sums = await db
    .select({
      accountId: accounts.id,
      glCode: accounts.glCode,
      name: accounts.name,
      accountType: accounts.accountType,
      debit: total(voucherLines.debit),
      credit: total(voucherLines.credit),
    })
    .from(voucherLines)
    .innerJoin(vouchers, rowKey(vouchers, voucherLines.instituteId, voucherLines.voucherId))
    .innerJoin(accounts, rowKey(accounts, voucherLines.instituteId, voucherLines.accountId))
    .where(and(eq(voucherLines.instituteId, instituteId), lte(vouchers.date, asOf)))
    .groupBy(accounts.instituteId, accounts.id)
    .orderBy(asc(accounts.glCode))
  const rows = sums
    .map(({ debit, credit, ...account }) => ({
      ...account,
      debit: Math.max(debit - credit, 0),
      credit: Math.max(credit - debit, 0),
    }))
    .filter((r) => r.debit !== 0 || r.credit !== 0)
  return {
    asOf,
    rows,
    totalDebit: rows.reduce((s, r) => s + r.debit, 0),
    totalCredit: rows.reduce((s, r) => s + r.credit, 0),
  }
}
