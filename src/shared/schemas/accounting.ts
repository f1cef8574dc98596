import * as v from 'valibot'
import { isoDate } from './dates.ts'
import { pagedSchema } from './list.ts'
import { MinorUnitsSchema } from './minor-units.ts'
import { id, text } from './primitives.ts'
import { reportFileQuery } from './report-file-query.ts'
import {
  accountTypes,
  type AccountType,
  LedgerQuerySchema,
  TrialBalanceQuerySchema,
  voucherTypes,
  type VoucherType,
} from './accounting-queries.ts'

/** account type → main head → sub head → child head → sub-child head */
export const accountLevels = 5
const glCodePattern = /^\d{1,20}$/

export const AccountSchema = v.object({
  id: v.string(),
  parentId: v.nullable(v.string()),
  level: v.number(),
  accountType: v.picklist(accountTypes),
  glCode: v.string(),
  name: v.string(),
  isActive: v.boolean(),
  isLeaf: v.boolean(),
  hasPostings: v.boolean(),
  /** Sums of the account's lines and, for a head, of everything under it. */
  debit: v.number(),
  credit: v.number(),
})
export type Account = v.InferOutput<typeof AccountSchema>
export const ChartSchema = v.object({ data: v.array(AccountSchema) })

export const AccountListSchema = pagedSchema(AccountSchema)

export const CreateAccountSchema = v.object({
  parentId: id,
  name: text(120, 'account_name_required'),
  /** Left out, the next free code under the parent is given. */
  glCode: v.optional(v.pipe(v.string(), v.trim(), v.regex(glCodePattern, 'digits_only'))),
})
export type CreateAccount = v.InferInput<typeof CreateAccountSchema>

export const UpdateAccountSchema = v.object({
  name: v.optional(text(120, 'account_name_required')),
  parentId: v.optional(id),
  isActive: v.optional(v.boolean()),
})

/**
 * How many digits each level adds to its parent's GL code, when the fiscal year starts, and the
 * lock date: the books are closed through it (null while none is set; left out of an update, it
 * stays as it was).
 */
export const CoaConfigSchema = v.object({
  levelDigits: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1, 'too_small'), v.maxValue(4, 'too_big'))),
    v.length(accountLevels, 'one_entry_per_level'),
  ),
  fiscalYearStartMonth: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1, 'month_range'),
    v.maxValue(12, 'month_range'),
  ),
  lockDate: v.optional(v.nullable(isoDate)),
})
export type CoaConfig = v.InferOutput<typeof CoaConfigSchema>

/**
 * What each purpose may post to. Fee heads and banks are the institute's own: those two
 * purposes take a key (the fee head's id, the bank account's name).
 */
export const mappingPurposes = {
  cash: { type: 'asset', keyed: false },
  bank: { type: 'asset', keyed: true },
  gateway_clearing: { type: 'asset', keyed: false },
  fee_receivable: { type: 'asset', keyed: false },
  student_advance: { type: 'liability', keyed: false },
  vat_payable: { type: 'liability', keyed: false },
  fine_income: { type: 'income', keyed: false },
  concession: { type: 'income', keyed: false },
  salary_expense: { type: 'expense', keyed: false },
  salary_payable: { type: 'liability', keyed: false },
  fee_income: { type: 'income', keyed: true },
  cash_over_short: { type: 'expense', keyed: false },
  admission_fee_income: { type: 'income', keyed: false },
  online_charge_income: { type: 'income', keyed: false },
  franchise_expense: { type: 'expense', keyed: false },
  franchise_payable: { type: 'liability', keyed: false },
  gateway_charge_expense: { type: 'expense', keyed: false },
} as const satisfies Record<string, { type: AccountType; keyed: boolean }>
export type MappingPurpose = keyof typeof mappingPurposes
export const mappingPurposeNames = Object.keys(mappingPurposes) as MappingPurpose[]

export const CoaMappingSchema = v.object({
  purpose: v.picklist(mappingPurposeNames),
  key: v.nullable(v.string()),
  accountId: v.string(),
  glCode: v.string(),
  accountName: v.string(),
})
export type CoaMapping = v.InferOutput<typeof CoaMappingSchema>
export const CoaMappingListSchema = v.object({ data: v.array(CoaMappingSchema) })

export const SetMappingSchema = v.object({
  purpose: v.picklist(mappingPurposeNames, 'unknown_purpose'),
  key: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(120)))),
  accountId: id,
})
export type SetMapping = v.InferInput<typeof SetMappingSchema>

/**
 * The money accounts a receipt is received into and a payment paid from: the leaves mapped as
 * cash or as a bank account (by the bank account's name).
 */
export const MoneyAccountSchema = v.object({
  accountId: v.string(),
  glCode: v.string(),
  name: v.string(),
  purpose: v.picklist(['cash', 'bank']),
  key: v.nullable(v.string()),
})
export type MoneyAccount = v.InferOutput<typeof MoneyAccountSchema>
export const MoneyAccountListSchema = v.object({ data: v.array(MoneyAccountSchema) })

/**
 * The institute's accounting calendar: today in its time zone and the month its fiscal year
 * starts, so that screens default to the same days the server counts with.
 */
export const AccountingCalendarSchema = v.object({
  today: isoDate,
  fiscalYearStartMonth: v.number(),
})
export type AccountingCalendar = v.InferOutput<typeof AccountingCalendarSchema>

export const voucherPrefix: Record<VoucherType, string> = {
  receipt: 'RV',
  payment: 'PV',
  journal: 'JV',
  contra: 'CV',
}

export const VoucherLineInputSchema = v.pipe(
  v.object({
    accountId: id,
    debit: v.optional(MinorUnitsSchema, 0),
    credit: v.optional(MinorUnitsSchema, 0),
    memo: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  }),
  v.check((line) => line.debit > 0 !== line.credit > 0, 'line_one_side'),
)

export const CreateVoucherSchema = v.pipe(
  v.object({
    type: v.picklist(voucherTypes, 'voucher_type_required'),
    date: isoDate,
    narration: text(500, 'narration_required'),
    lines: v.pipe(
      v.array(VoucherLineInputSchema),
      v.minLength(2, 'voucher_two_lines'),
      v.maxLength(500),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['lines']],
      ({ lines }) =>
        lines.reduce((sum, l) => sum + l.debit, 0) === lines.reduce((sum, l) => sum + l.credit, 0),
      'voucher_unbalanced',
    ),
    ['lines'],
  ),
)
export type CreateVoucher = v.InferInput<typeof CreateVoucherSchema>

export const VoucherLineSchema = v.object({
  accountId: v.string(),
  glCode: v.string(),
  accountName: v.string(),
  debit: v.number(),
  credit: v.number(),
  memo: v.string(),
})

export const VoucherSchema = v.object({
  id: v.string(),
  type: v.picklist(voucherTypes),
  /** e.g. JV-2026-0007: type, fiscal year (the year it starts in) and number. */
  reference: v.string(),
  fiscalYear: v.number(),
  number: v.number(),
  date: v.string(),
  narration: v.string(),
  source: v.string(),
  total: v.number(),
  reversesId: v.nullable(v.string()),
  reversedById: v.nullable(v.string()),
  createdAt: v.string(),
  createdBy: v.nullable(v.string()),
  lines: v.array(VoucherLineSchema),
})
export type Voucher = v.InferOutput<typeof VoucherSchema>

export const VoucherListSchema = pagedSchema(VoucherSchema)

export const ReverseVoucherSchema = v.object({
  date: isoDate,
  narration: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
})

export const LedgerFileQuerySchema = reportFileQuery(LedgerQuerySchema)
export const LedgerSchema = v.object({
  account: v.object({ id: v.string(), glCode: v.string(), name: v.string() }),
  from: v.string(),
  to: v.string(),
  /** Balances are debit minus credit. */
  opening: v.number(),
  lines: v.array(
    v.object({
      voucherId: v.string(),
      reference: v.string(),
      date: v.string(),
      narration: v.string(),
      memo: v.string(),
      debit: v.number(),
      credit: v.number(),
      balance: v.number(),
    }),
  ),
  closing: v.number(),
})
export type Ledger = v.InferOutput<typeof LedgerSchema>

export const TrialBalanceFileQuerySchema = reportFileQuery(TrialBalanceQuerySchema)
export const TrialBalanceSchema = v.object({
  asOf: v.string(),
  rows: v.array(
    v.object({
      accountId: v.string(),
      glCode: v.string(),
      name: v.string(),
      accountType: v.picklist(accountTypes),
      debit: v.number(),
      credit: v.number(),
    }),
  ),
  totalDebit: v.number(),
  totalCredit: v.number(),
})
export type TrialBalance = v.InferOutput<typeof TrialBalanceSchema>
