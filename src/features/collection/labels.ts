import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type {
  AdvanceMovement,
  AdvanceOverride,
  AdvanceOverrideKind,
} from '../../shared/schemas/advances.ts'

export const advanceMovementLabels: Record<AdvanceMovement['kind'], MessageDescriptor> = {
  overpayment: msg`Paid ahead`,
  used: msg`Used for fees`,
  cancelled: msg`Receipt cancelled`,
  refund: msg`Refunded`,
  transfer: msg`Transfer`,
}

export const overrideKindLabels: Record<AdvanceOverrideKind, MessageDescriptor> = {
  apply: msg`Apply to lines`,
  undo: msg`Undo an application`,
  transfer: msg`Transfer to a sibling`,
  refund: msg`Refund`,
}

export const overrideStatusLabels: Record<AdvanceOverride['status'], MessageDescriptor> = {
  pending: msg`Awaiting approval`,
  done: msg`Done`,
  rejected: msg`Rejected`,
}
