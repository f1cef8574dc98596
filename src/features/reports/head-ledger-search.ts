import type { MessageDescriptor } from '@lingui/core'
import { reportColumns } from '../../shared/messages/report-files.ts'
import type {
  HeadLedgerFigure,
  HeadLedgerLinesQuery,
  HeadLedgerQuery,
  HeadLedgerSearch,
} from '../../shared/schemas/report-search.ts'

/** The ledger's filters of the page's search (the figure drilled into and its page left out). */
export const ledgerQueryOf = ({
  figure: _figure,
  page: _page,
  perPage: _perPage,
  ...query
}: HeadLedgerSearch): HeadLedgerQuery => query

/** The lines' query of the page's search, when a head's figure is drilled into. */
export const linesQueryOf = (search: HeadLedgerSearch): HeadLedgerLinesQuery | null =>
  search.figure && search.feeHeadId
    ? {
        ...ledgerQueryOf(search),
        feeHeadId: search.feeHeadId,
        figure: search.figure,
        page: search.page,
        perPage: search.perPage,
      }
    : null

/** Each figure's name, as the files head their columns, in the order the ledger shows them. */
export const figureLabels: Record<HeadLedgerFigure, MessageDescriptor> = {
  opening: reportColumns.openingDue,
  billed: reportColumns.billed,
  concessions: reportColumns.concessions,
  vat: reportColumns.vatAdded,
  cancelledInvoices: reportColumns.cancelledInvoices,
  collected: reportColumns.collected,
  cancelledReceipts: reportColumns.cancelledReceipts,
  closing: reportColumns.closingDue,
  fines: reportColumns.finesPaid,
}
