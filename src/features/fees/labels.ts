import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { FeeRounding } from '../../shared/fees/adjust-amount.ts'
import type { CycleFrequency } from '../../shared/schemas/fee-setup.ts'
import type { FeeHeadKind } from '../../shared/schemas/fee-heads.ts'
import type { SkipReason } from '../../shared/schemas/fees-invoices.ts'
import type { JobStatus } from '../../shared/schemas/jobs.ts'

export const feeHeadKindLabels: Record<FeeHeadKind, MessageDescriptor> = {
  recurring: msg`Recurring, per payment period`,
  one_time: msg`Once per session`,
  per_event: msg`Per event`,
  on_demand: msg`On demand`,
}

export const frequencyLabels: Record<CycleFrequency, MessageDescriptor> = {
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  half_yearly: msg`Half-yearly`,
  yearly: msg`Yearly`,
  custom: msg`Custom`,
}

export const roundingLabels: Record<FeeRounding, MessageDescriptor> = {
  minor: msg`To the smallest unit`,
  ten: msg`To the nearest 10`,
  hundred: msg`To the nearest 100`,
}

/** Why a group run leaves a student out (the preview's and the run's reasons). */
export const skipReasonLabels: Record<SkipReason, MessageDescriptor> = {
  already_invoiced: msg`Already invoiced for the chosen periods and heads`,
  left: msg`Left the institute`,
  no_fee_configured: msg`No fee configured for the chosen heads`,
}

export const runStatusLabels: Record<JobStatus, MessageDescriptor> = {
  queued: msg`Waiting to start`,
  running: msg`Running`,
  cancelling: msg`Stopping…`,
  succeeded: msg`Finished`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
}
