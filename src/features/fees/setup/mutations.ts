import type { QueryClient } from '@tanstack/react-query'
import { deleteResource, patchJson, postJson, putJson } from '../../../lib/api.ts'
import { useChange, type Feedback } from '../../../lib/mutation-feedback.ts'
import {
  FeeConfigCopyResultSchema,
  FeeConfigSaveResultSchema,
  FeeOverrideResultSchema,
  PaymentCycleSchema,
  type FeeConfigCopy,
  type FeeConfigSave,
  type FeeHeadInput,
  type FeeOverrideInput,
  type FeeOverrideRemove,
  type PaymentCycle,
  type PaymentCycleInput,
  type PaymentPeriod,
  type PaymentPeriodInput,
} from '../../../shared/schemas/fee-setup.ts'
import { FeeHeadSchema, type FeeHead } from '../../../shared/schemas/fee-heads.ts'
import {
  AccountSchema,
  type Account,
  type CreateAccount,
} from '../../../shared/schemas/accounting.ts'
import type * as v from 'valibot'
import { feesKey } from '../../../lib/fee-heads.ts'

/* The fee set-up's changes; each reads the area again before the screen reacts. */

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: feesKey })
const enc = encodeURIComponent

/**
 * An income account added from the fee head dialog, through the accounting API. The fee screens
 * read their income accounts again; the accounting screens read theirs once they are stale.
 */
export function useCreateIncomeAccount(feedback: Feedback<Account, CreateAccount> = {}) {
  return useChange((body: CreateAccount) => postJson('accounting/accounts', body, AccountSchema), {
    refresh,
    feedback,
  })
}

export function useSaveFeeHead(
  head: FeeHead | undefined,
  feedback: Feedback<FeeHead, FeeHeadInput> = {},
) {
  return useChange(
    (body: FeeHeadInput) =>
      head
        ? putJson(`fees/heads/${enc(head.id)}`, body, FeeHeadSchema)
        : postJson('fees/heads', body, FeeHeadSchema),
    { refresh, feedback },
  )
}

export function useDeleteFeeHead(feedback: Feedback<void, FeeHead> = {}) {
  return useChange((head: FeeHead) => deleteResource(`fees/heads/${enc(head.id)}`), {
    refresh,
    feedback,
  })
}

type GridResult = v.InferOutput<typeof FeeConfigSaveResultSchema>

/** Saves a grid's changed cells in one request. */
export function useSaveFeeGrid(feedback: Feedback<GridResult, FeeConfigSave> = {}) {
  return useChange(
    (body: FeeConfigSave) => putJson('fees/configs', body, FeeConfigSaveResultSchema),
    {
      refresh,
      feedback,
    },
  )
}

type CopyResult = v.InferOutput<typeof FeeConfigCopyResultSchema>

export function useCopyFeeConfig(feedback: Feedback<CopyResult, FeeConfigCopy> = {}) {
  return useChange(
    (body: FeeConfigCopy) => postJson('fees/configs/copy', body, FeeConfigCopyResultSchema),
    { refresh, feedback },
  )
}

export function useCreateCycle(feedback: Feedback<PaymentCycle, PaymentCycleInput> = {}) {
  return useChange(
    (body: PaymentCycleInput) => postJson('fees/payment-cycles', body, PaymentCycleSchema),
    { refresh, feedback },
  )
}

type Rename = { cycleId: string; name: string }

export function useRenameCycle(feedback: Feedback<PaymentCycle, Rename> = {}) {
  return useChange(
    ({ cycleId, name }: Rename) =>
      patchJson(`fees/payment-cycles/${enc(cycleId)}`, { name }, PaymentCycleSchema),
    { refresh, feedback },
  )
}

export function useDeleteCycle(feedback: Feedback<void, PaymentCycle> = {}) {
  return useChange(
    (cycle: PaymentCycle) => deleteResource(`fees/payment-cycles/${enc(cycle.id)}`),
    { refresh, feedback },
  )
}

/** A new period of the cycle, or (with `period`) one edited. */
export function useSavePeriod(
  cycle: PaymentCycle,
  period: PaymentPeriod | undefined,
  feedback: Feedback<PaymentCycle, PaymentPeriodInput> = {},
) {
  const base = `fees/payment-cycles/${enc(cycle.id)}/periods`
  return useChange(
    (body: PaymentPeriodInput) =>
      period
        ? putJson(`${base}/${enc(period.id)}`, body, PaymentCycleSchema)
        : postJson(base, body, PaymentCycleSchema),
    { refresh, feedback },
  )
}

export function useDeletePeriod(cycle: PaymentCycle, feedback: Feedback<void, PaymentPeriod> = {}) {
  return useChange(
    (period: PaymentPeriod) =>
      deleteResource(`fees/payment-cycles/${enc(cycle.id)}/periods/${enc(period.id)}`),
    { refresh, feedback },
  )
}

type OverrideResult = v.InferOutput<typeof FeeOverrideResultSchema>

/** One student's (or several students') own amount of a head for a session, or the head left out. */
export function useSaveFeeOverride(feedback: Feedback<OverrideResult, FeeOverrideInput> = {}) {
  return useChange(
    (body: FeeOverrideInput) => putJson('fees/overrides', body, FeeOverrideResultSchema),
    { refresh, feedback },
  )
}

/** Back to the class's amount for these students. */
export function useRemoveFeeOverride(feedback: Feedback<OverrideResult, FeeOverrideRemove> = {}) {
  return useChange(
    (body: FeeOverrideRemove) => postJson('fees/overrides/remove', body, FeeOverrideResultSchema),
    { refresh, feedback },
  )
}
