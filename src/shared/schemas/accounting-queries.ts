import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { listQuerySchema } from './list.ts'
import { id } from './primitives.ts'

/*
 * What the accounting pages' addresses and lists are asked, apart from the shapes they show:
 * the routes validate their search with these, so every page's first load carries them.
 */

/** The five account types, the roots of every institute's chart (§3 accountType). */
export const accountTypes = ['asset', 'liability', 'equity', 'income', 'expense'] as const
export type AccountType = (typeof accountTypes)[number]

export const voucherTypes = ['receipt', 'payment', 'journal', 'contra'] as const
export type VoucherType = (typeof voucherTypes)[number]

export const AccountListQuerySchema = v.object({
  ...listQuerySchema(['glCode', 'name', 'accountType', 'level']).entries,
  accountType: v.optional(v.picklist(accountTypes)),
})
export type AccountListSearch = v.InferOutput<typeof AccountListQuerySchema>

export const VoucherListQuerySchema = v.object({
  ...listQuerySchema(['date', 'number']).entries,
  type: v.optional(v.picklist(voucherTypes)),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  accountId: v.optional(id),
})
export type VoucherListSearch = v.InferOutput<typeof VoucherListQuerySchema>

export const LedgerQuerySchema = v.object({ accountId: id, from: isoDate, to: isoDate })
export type LedgerQuery = v.InferOutput<typeof LedgerQuerySchema>

export const TrialBalanceQuerySchema = v.object({ asOf: isoDate })
