import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { deleteResource, patchJson, postJson, putJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  AccountSchema,
  CoaConfigSchema,
  CoaMappingSchema,
  VoucherSchema,
  type Account,
  type CoaConfig,
  type CoaMapping,
  type CreateAccount,
  type CreateVoucher,
  type MappingPurpose,
  type ReverseVoucherSchema,
  type SetMapping,
  type UpdateAccountSchema,
  type Voucher,
} from '../../shared/schemas/accounting.ts'
import { accountingKey, coaConfigQuery } from './queries.ts'

/*
 * The accounting area's changes. Each hook builds its request and keeps the cache right; the
 * screen passes only its own reaction (a toast, closing its dialog). On success everything under
 * `accountingKey` is read again first (an account or a voucher changes balances, lists and
 * reports alike), then the screen's `onSuccess` runs; on failure the screen's `onError` runs.
 */

export type UpdateAccount = v.InferInput<typeof UpdateAccountSchema>
export type ReverseVoucher = v.InferInput<typeof ReverseVoucherSchema>
/** Which mapping to remove: a purpose, and for keyed purposes (banks, fee heads) its key. */
export type MappingRef = { purpose: MappingPurpose; key: string | null | undefined }

/** The header that makes a retried save create the voucher once (DESIGN §6). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key'

const accountPath = (accountId: string) => `accounting/accounts/${accountId}`

/** A change to the books: once it succeeds, everything the area shows is read again. */
const refreshAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: accountingKey })

/** A new account under a head; without a GL code it gets the next free one under its parent. */
export function useCreateAccount(feedback: Feedback<Account, CreateAccount> = {}) {
  return useChange((body: CreateAccount) => postJson('accounting/accounts', body, AccountSchema), {
    refresh: refreshAll,
    feedback,
  })
}

/** Renames an account, moves it under another parent, or (de)activates it. */
export function useUpdateAccount(
  accountId: string,
  feedback: Feedback<Account, UpdateAccount> = {},
) {
  return useChange(
    (body: UpdateAccount) => patchJson(accountPath(accountId), body, AccountSchema),
    { refresh: refreshAll, feedback },
  )
}

/** Deletes an account without postings or sub-accounts. */
export function useDeleteAccount(accountId: string, feedback: Feedback<void, void> = {}) {
  return useChange(() => deleteResource(accountPath(accountId)), { refresh: refreshAll, feedback })
}

/**
 * Saves the chart's configuration. The answer is the configuration now in force and is shown at
 * once; the rest of the area (GL codes, lock date checks) is read again behind it.
 */
export function useSaveCoaConfig(feedback: Feedback<CoaConfig, CoaConfig> = {}) {
  return useChange((body: CoaConfig) => putJson('accounting/coa-config', body, CoaConfigSchema), {
    refresh: (queryClient, saved) => {
      queryClient.setQueryData(coaConfigQuery().queryKey, saved)
      return refreshAll(queryClient)
    },
    screenReacts: 'during-refresh',
    feedback,
  })
}

/** Maps a posting purpose (and its key, for banks and fee heads) to an account. */
export function useSaveCoaMapping(feedback: Feedback<CoaMapping, SetMapping> = {}) {
  return useChange(
    (body: SetMapping) => putJson('accounting/coa-mapping', body, CoaMappingSchema),
    { refresh: refreshAll, feedback },
  )
}

/** Removes a purpose's mapping. */
export function useRemoveCoaMapping(feedback: Feedback<void, MappingRef> = {}) {
  return useChange(
    ({ purpose, key }: MappingRef) =>
      deleteResource(`accounting/coa-mapping?${toSearchParams({ purpose, key })}`),
    { refresh: refreshAll, feedback },
  )
}

/**
 * Posts a new voucher. `idempotencyKey` is the one key of the voucher being entered: a save
 * retried after a lost answer sends it again and the voucher is not posted twice.
 */
export function useCreateVoucher(
  idempotencyKey: string,
  feedback: Feedback<Voucher, CreateVoucher> = {},
) {
  return useChange(
    (voucher: CreateVoucher) =>
      postJson('accounting/vouchers', voucher, VoucherSchema, {
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    { refresh: refreshAll, feedback },
  )
}

/** Posts the mirror image of a voucher on a chosen day; the original stays as it was. */
export function useReverseVoucher(
  voucherId: string,
  feedback: Feedback<Voucher, ReverseVoucher> = {},
) {
  return useChange(
    (body: ReverseVoucher) =>
      postJson(`accounting/vouchers/${voucherId}/reverse`, body, VoucherSchema),
    { refresh: refreshAll, feedback },
  )
}
