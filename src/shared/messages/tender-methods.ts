import type { MessageDescriptor } from '@lingui/core'
import type { TenderMethod } from '../schemas/collection-search.ts'

/**
 * How money came, as the counter, its receipts and the reports (screens and files, which the
 * server writes in the reader's language) name it: plain descriptors with ids, read on the
 * server without a macro.
 */
export const tenderMethodLabels: Record<TenderMethod, MessageDescriptor> = {
  cash: /*i18n*/ { id: 'tender.method.cash', message: 'Cash' },
  bank: /*i18n*/ { id: 'tender.method.bank', message: 'Bank deposit' },
  cheque: /*i18n*/ { id: 'tender.method.cheque', message: 'Cheque' },
  card: /*i18n*/ { id: 'tender.method.card', message: 'Card' },
  mobile: /*i18n*/ { id: 'tender.method.mobile', message: 'Mobile financial service' },
  online: /*i18n*/ { id: 'tender.method.online', message: 'Online payment' },
}
