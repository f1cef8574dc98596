import { and, eq, inArray, sql } from 'drizzle-orm'
import { voucherPrefix, type MappingPurpose } from '../../../shared/schemas/accounting.ts'
import type { VoucherType } from '../../../shared/schemas/accounting-queries.ts'
import { maxLineAmount } from '../../../shared/schemas/minor-units.ts'
import type { Db } from '../../db/client.ts'
import {
  accounts,
  coaMappings,
  voucherCounters,
  voucherLines,
  vouchers,
} from '../../db/schema/accounting.ts'
import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import type { ErrorDetail } from '../../../shared/schemas/api-error.ts'
import { ApiException, validationFailed } from '../../lib/errors.ts'
import { fiscalYearOf } from '../../../shared/fiscal-year.ts'
import { coaSettingsOf } from './fiscal-year.ts'
import { assertDateOpen, openPeriod } from './open-period.ts'
import { instituteToday } from '../../lib/today.ts'

/** A line names its account, or the purpose whose mapped account it posts to. */
export type PostingLine = (
  | { accountId: string; purpose?: undefined }
  | { purpose: MappingPurpose; key?: string; accountId?: undefined }
) & { debit?: number; credit?: number; memo?: string }

export interface PostingRequest {
  type: VoucherType
  date: string
  narration: string
  lines: PostingLine[]
  /** manual, or the module posting (collection, salary, payments…). */
  source?: string
  reversesId?: string
  /** A reversal undoes what was posted, to accounts deactivated since included. */
  allowInactive?: boolean
  idempotencyKey?: string
  createdBy?: string | null
}

/** Accounts that hold money: those mapped as cash, a bank account, or gateway clearing. */
const moneyPurposes = ['cash', 'bank', 'gateway_clearing']

/**
 * Receipts bring money in (a money account debited), payments take it out (one credited), and
 * contra vouchers only move it between money accounts; journals are free.
 */
function typeRuleBroken(
  type: VoucherType,
  lines: PostingLine[],
  accountIds: string[],
  money: Set<string>,
): ErrorCode | undefined {
  if (type === 'journal') return undefined
  const isMoney = (i: number) => money.has(accountIds[i]!)
  if (type === 'receipt' && !lines.some((l, i) => (l.debit ?? 0) > 0 && isMoney(i))) {
    return 'receipt_side'
  }
  if (type === 'payment' && !lines.some((l, i) => (l.credit ?? 0) > 0 && isMoney(i))) {
    return 'payment_side'
  }
  if (type === 'contra' && !lines.every((_, i) => isMoney(i))) {
    return 'contra_accounts'
  }
  return undefined
}

/**
 * Lines whose account an earlier line has on the other side: debiting and crediting one
 * account in the same voucher moves nothing. Named by the field that chose the account.
 */
function sameAccountBothSides(lines: PostingLine[], accountIds: string[]) {
  const errors: Record<string, ErrorDetail[]> = {}
  const debited = new Set<string>()
  const credited = new Set<string>()
  for (const [i, line] of lines.entries()) {
    const id = accountIds[i]!
    const debit = (line.debit ?? 0) > 0
    if ((debit ? credited : debited).has(id)) {
      const field = line.purpose === undefined ? 'accountId' : 'purpose'
      errors[`lines.${i}.${field}`] = [{ code: 'same_account_both_sides' }]
    }
    ;(debit ? debited : credited).add(id)
  }
  return Object.keys(errors).length ? errors : undefined
}

export const voucherReference = (type: VoucherType, fiscalYear: number, number: number) =>
  `${voucherPrefix[type]}-${fiscalYear}-${String(number).padStart(4, '0')}`

/**
 * Posts one balanced voucher inside the caller's transaction: every module that moves money
 * calls this. Accounts must be the institute's active leaves, none on both sides; purposes
 * resolve through the COA mapping; the date must be in the open period (open-period.ts). The
 * number is the next of its type in the fiscal year, without gaps (a rolled-back transaction
 * gives its number back). The database refuses an unbalanced voucher regardless.
 */
export async function postVoucher(
  tx: Db,
  instituteId: string,
  request: PostingRequest,
): Promise<{ id: string; reference: string; fiscalYear: number; number: number }> {
  const errors: Record<string, ErrorDetail[]> = {}
  // The mappings the lines' purposes name and, for the type rule, the money accounts': one read.
  const purposes = new Set<string>(
    request.lines.flatMap((l) => (l.purpose === undefined ? [] : [l.purpose])),
  )
  const typeRuled = !request.reversesId && request.type !== 'journal'
  if (typeRuled) for (const p of moneyPurposes) purposes.add(p)
  const mappings = purposes.size
    ? await tx
        .select({
          purpose: coaMappings.purpose,
          key: coaMappings.key,
          accountId: coaMappings.accountId,
        })
        .from(coaMappings)
        .where(
          and(
            eq(coaMappings.instituteId, instituteId),
            inArray(coaMappings.purpose, [...purposes]),
          ),
        )
    : []
  const resolved: string[] = []
  for (const [i, line] of request.lines.entries()) {
    if (line.purpose === undefined) {
      resolved.push(line.accountId)
      continue
    }
    const mapping = mappings.find((m) => m.purpose === line.purpose && m.key === (line.key ?? ''))
    if (!mapping)
      errors[`lines.${i}.purpose`] = [
        { code: 'no_mapped_account', values: { purpose: line.purpose } },
      ]
    resolved.push(mapping?.accountId ?? '')
  }

  const ids = [...new Set(resolved.filter(Boolean))]
  const found = ids.length
    ? await tx
        .select({
          id: accounts.id,
          isActive: accounts.isActive,
          // Qualified by hand: the builder would leave "id" to mean the inner table's.
          hasChildren: sql<boolean>`exists (select 1 from accounts c where c.parent_id = "accounts"."id")`,
          level: accounts.level,
        })
        .from(accounts)
        .where(and(eq(accounts.instituteId, instituteId), inArray(accounts.id, ids)))
        // Until commit, nobody adds an account under these or moves them to another type.
        .for('share')
    : []
  let debit = 0
  let credit = 0
  for (const [i, line] of request.lines.entries()) {
    const account = found.find((a) => a.id === resolved[i])
    const field = `lines.${i}.accountId`
    if (resolved[i] && !account) errors[field] = [{ code: 'unknown_account' }]
    else if (account?.hasChildren || account?.level === 1) {
      errors[field] = [{ code: 'posting_leaf_only' }]
    } else if (account && !account.isActive && !request.allowInactive) {
      errors[field] = [{ code: 'account_inactive_posting' }]
    }
    const d = line.debit ?? 0
    const c = line.credit ?? 0
    if (![d, c].every((x) => Number.isInteger(x) && x >= 0 && x <= maxLineAmount)) {
      errors[`lines.${i}.debit`] = [{ code: 'amount_too_large' }]
    } else if (d > 0 === c > 0) {
      errors[`lines.${i}.debit`] = [{ code: 'line_one_side' }]
    }
    debit += d
    credit += c
  }
  if (request.lines.length < 2) errors.lines = [{ code: 'voucher_two_lines' }]
  else if (debit !== credit) errors.lines = [{ code: 'voucher_unbalanced' }]
  if (Object.keys(errors).length) throw validationFailed(errors)
  // A reversal mirrors its original with the sides swapped: what the original met (or was
  // posted before, as an account on both sides once was) never stops it from being undone.
  if (!request.reversesId) {
    const sameAccount = sameAccountBothSides(request.lines, resolved)
    if (sameAccount) {
      throw new ApiException(422, 'same_account_both_sides', undefined, { fields: sameAccount })
    }
    const money = new Set(
      mappings.filter((m) => moneyPurposes.includes(m.purpose)).map((m) => m.accountId),
    )
    const rule = typeRuleBroken(request.type, request.lines, resolved, money)
    if (rule) throw validationFailed({ lines: rule })
  }

  const { fiscalYearStartMonth, lockDate } = await coaSettingsOf(tx, instituteId, 'share')
  const today = await instituteToday(tx, instituteId)
  assertDateOpen(request.date, openPeriod(today, fiscalYearStartMonth, lockDate))
  const fiscalYear = fiscalYearOf(request.date, fiscalYearStartMonth)
  const [counter] = await tx
    .insert(voucherCounters)
    .values({ instituteId, type: request.type, fiscalYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [voucherCounters.instituteId, voucherCounters.type, voucherCounters.fiscalYear],
      set: { lastNumber: sql`${voucherCounters.lastNumber} + 1` },
    })
    .returning({ number: voucherCounters.lastNumber })
  const number = counter!.number
  const [voucher] = await tx
    .insert(vouchers)
    .values({
      instituteId,
      type: request.type,
      fiscalYear,
      number,
      date: request.date,
      narration: request.narration,
      source: request.source ?? 'manual',
      reversesId: request.reversesId ?? null,
      idempotencyKey: request.idempotencyKey ?? null,
      createdBy: request.createdBy ?? null,
    })
    .returning({ id: vouchers.id })
  await tx.insert(voucherLines).values(
    request.lines.map((line, i) => ({
      voucherId: voucher!.id,
      instituteId,
      accountId: resolved[i]!,
      lineNo: i + 1,
      debit: line.debit ?? 0,
      credit: line.credit ?? 0,
      memo: line.memo ?? '',
    })),
  )
  return {
    id: voucher!.id,
    reference: voucherReference(request.type, fiscalYear, number),
    fiscalYear,
    number,
  }
}
