import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  AccountingCalendarSchema,
  AccountListSchema,
  ChartSchema,
  CoaConfigSchema,
  CoaMappingListSchema,
  LedgerSchema,
  MoneyAccountListSchema,
  TrialBalanceSchema,
  VoucherListSchema,
  VoucherSchema,
} from '../../shared/schemas/accounting.ts'
import {
  type AccountListSearch,
  type LedgerQuery,
  type VoucherListSearch,
} from '../../shared/schemas/accounting-queries.ts'

/**
 * Everything under ['accounting'] changes when an account or a voucher does: the hooks in
 * mutations.ts read it all again after every change.
 */
export const accountingKey = ['accounting'] as const

export const chartQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'chart'],
    ...storedRead('accounting/accounts', ChartSchema, '/coa'),
  })

export const accountListQuery = (search: AccountListSearch) =>
  queryOptions({
    queryKey: [...accountingKey, 'accounts', search],
    ...storedRead(`accounting/accounts/list?${toSearchParams(search)}`, AccountListSchema, '/coa'),
    placeholderData: keepPreviousData,
  })

export const coaConfigQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'coa-config'],
    ...storedRead('accounting/coa-config', CoaConfigSchema, '/coa-config'),
  })

export const coaMappingQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'coa-mapping'],
    ...storedRead('accounting/coa-mapping', CoaMappingListSchema, '/coa-mapping'),
  })

/** Today in the institute's time zone and its fiscal year's start: what reports default to. */
export const calendarQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'calendar'],
    ...storedRead('accounting/calendar', AccountingCalendarSchema, '/vouchers'),
  })

/** The cash and bank accounts receipts are received into and payments paid from. */
export const moneyAccountsQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'money-accounts'],
    ...storedRead('accounting/money-accounts', MoneyAccountListSchema, '/vouchers'),
  })

export const vouchersQuery = (search: VoucherListSearch) =>
  queryOptions({
    queryKey: [...accountingKey, 'vouchers', search],
    ...storedRead(`accounting/vouchers?${toSearchParams(search)}`, VoucherListSchema, '/vouchers'),
    placeholderData: keepPreviousData,
  })

export const voucherQuery = (voucherId: string) =>
  queryOptions({
    queryKey: [...accountingKey, 'voucher', voucherId],
    ...storedRead(
      `accounting/vouchers/${encodeURIComponent(voucherId)}`,
      VoucherSchema,
      '/vouchers/$voucherId',
    ),
  })

export const ledgerQuery = (query: LedgerQuery) =>
  queryOptions({
    queryKey: [...accountingKey, 'ledger', query],
    ...storedRead(`accounting/ledger?${toSearchParams(query)}`, LedgerSchema, '/vouchers/ledger'),
    placeholderData: keepPreviousData,
  })

export const trialBalanceQuery = (asOf: string) =>
  queryOptions({
    queryKey: [...accountingKey, 'trial-balance', asOf],
    ...storedRead(
      `accounting/trial-balance?${toSearchParams({ asOf })}`,
      TrialBalanceSchema,
      '/vouchers/trial-balance',
    ),
    placeholderData: keepPreviousData,
  })

/**
 * The chart for choosing accounts, when the user may read it (vouchers and mappings have
 * permissions of their own): empty, with `allowed` false, when they may not.
 */
export function useChartAccounts(canRead: boolean) {
  const { data } = useQuery({ ...chartQuery(), enabled: canRead })
  return { accounts: data?.data ?? [], allowed: canRead }
}
