import type { QueryClient } from '@tanstack/react-query'
import { postJson } from '../../../lib/api.ts'
import { useChange, type Feedback } from '../../../lib/mutation-feedback.ts'
import {
  InvoiceSchema,
  type CancelInvoice,
  type CreateInvoice,
  type Invoice,
} from '../../../shared/schemas/fees-invoices.ts'
import {
  LineFineSchema,
  type FineWaiverRequest,
  type LineFine,
} from '../../../shared/schemas/fine-waivers.ts'
import { invoiceQuery, invoicesKey } from './queries.ts'

/* Making and cancelling invoices, waiving fines: each reads the invoices and balances again. */

const refresh = async (queryClient: QueryClient, saved: Invoice) => {
  queryClient.setQueryData(invoiceQuery(saved.id).queryKey, saved)
  await queryClient.invalidateQueries({ queryKey: invoicesKey })
}

/**
 * One student's invoice. `idempotencyKey` is made when the dialog opens: a double click or a
 * retry after a lost answer makes one invoice.
 */
export function useCreateInvoice(
  idempotencyKey: string,
  feedback: Feedback<Invoice, CreateInvoice> = {},
) {
  return useChange(
    (body: CreateInvoice) =>
      postJson('fees/invoices', body, InvoiceSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    { refresh, feedback },
  )
}

/** Cancels an invoice by a credit note, with the reason. */
export function useCancelInvoice(
  invoiceId: string,
  feedback: Feedback<Invoice, CancelInvoice> = {},
) {
  return useChange(
    (body: CancelInvoice) =>
      postJson(`fees/invoices/${encodeURIComponent(invoiceId)}/cancel`, body, InvoiceSchema),
    { refresh, feedback },
  )
}

export interface WaiveFine extends FineWaiverRequest {
  invoiceId: string
  lineId: string
  /** The same for a retry of one waiver: the server makes it once. */
  idempotencyKey: string
}

/** Waives (part of) a line's fine with a reason; answers the line's fine after it. */
export function useWaiveFine(feedback: Feedback<LineFine, WaiveFine>) {
  return useChange(
    ({ invoiceId, lineId, idempotencyKey, ...body }: WaiveFine) =>
      postJson(`fees/invoices/${invoiceId}/lines/${lineId}/fine-waivers`, body, LineFineSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    {
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: invoicesKey }),
      feedback,
    },
  )
}
