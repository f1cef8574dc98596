import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type {
  ConcessionCategory,
  ConcessionStatus,
  FineKind,
} from '../../shared/schemas/fee-rules.ts'

export const fineKindLabels: Record<FineKind, MessageDescriptor> = {
  fixed_once: msg`A fixed amount, once`,
  per_day: msg`An amount per day late`,
  per_week: msg`An amount per started week late`,
  percent: msg`A percentage of the amount overdue`,
  slabs: msg`Slabs of days late`,
}

export const concessionCategoryLabels: Record<ConcessionCategory, MessageDescriptor> = {
  sibling: msg`Sibling`,
  merit: msg`Merit`,
  staff_child: msg`Staff child`,
  scholarship: msg`Scholarship`,
  need_based: msg`Need-based`,
  other: msg`Other`,
}

export const concessionStatusLabels: Record<ConcessionStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  revoked: msg`Revoked`,
}
