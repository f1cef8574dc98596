import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { FeeRounding } from '../../shared/fees/adjust-amount.ts'
import type { CycleFrequency, FeeHeadKind } from '../../shared/schemas/fee-setup.ts'

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
