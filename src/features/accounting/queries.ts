import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type * as v from 'valibot'
import { getJson } from '../../lib/api.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  AccountListSchema,
  ChartSchema,
  CoaConfigSchema,
  CoaMappingListSchema,
  LedgerSchema,
  TrialBalanceSchema,
  VoucherListSchema,
  VoucherSchema,
  type AccountListSearch,
  type LedgerQuerySchema,
  type VoucherListSearch,
} from '../../shared/schemas/accounting.ts'

export type LedgerQuery = v.InferOutput<typeof LedgerQuerySchema>

/** Everything under ['accounting'] changes when an account or a voucher does. */
export const accountingKey = ['accounting'] as const

export const chartQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'chart'],
    queryFn: () => getJson('accounting/accounts', ChartSchema),
  })

export const accountListQuery = (search: AccountListSearch) =>
  queryOptions({
    queryKey: [...accountingKey, 'accounts', search],
    queryFn: () => getJson(`accounting/accounts/list?${toSearchParams(search)}`, AccountListSchema),
    placeholderData: keepPreviousData,
  })

export const coaConfigQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'coa-config'],
    queryFn: () => getJson('accounting/coa-config', CoaConfigSchema),
  })

export const coaMappingQuery = () =>
  queryOptions({
    queryKey: [...accountingKey, 'coa-mapping'],
    queryFn: () => getJson('accounting/coa-mapping', CoaMappingListSchema),
  })

export const vouchersQuery = (search: VoucherListSearch) =>
  queryOptions({
    queryKey: [...accountingKey, 'vouchers', search],
    queryFn: () => getJson(`accounting/vouchers?${toSearchParams(search)}`, VoucherListSchema),
    placeholderData: keepPreviousData,
  })

export const voucherQuery = (voucherId: string) =>
  queryOptions({
    queryKey: [...accountingKey, 'voucher', voucherId],
    queryFn: () => getJson(`accounting/vouchers/${encodeURIComponent(voucherId)}`, VoucherSchema),
  })

export const ledgerQuery = (query: LedgerQuery) =>
  queryOptions({
    queryKey: [...accountingKey, 'ledger', query],
    queryFn: () => getJson(`accounting/ledger?${toSearchParams(query)}`, LedgerSchema),
    placeholderData: keepPreviousData,
  })

export const trialBalanceQuery = (asOf: string) =>
  queryOptions({
    queryKey: [...accountingKey, 'trial-balance', asOf],
    queryFn: () =>
      getJson(`accounting/trial-balance?${toSearchParams({ asOf })}`, TrialBalanceSchema),
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
