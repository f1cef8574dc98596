import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { TenderMethod } from '../../shared/schemas/collection.ts'

export const tenderMethodLabels: Record<TenderMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  bank: msg`Bank deposit`,
  cheque: msg`Cheque`,
  card: msg`Card`,
  mobile: msg`Mobile financial service`,
}
