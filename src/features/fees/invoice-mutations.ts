import type { QueryClient } from '@tanstack/react-query'
import { postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  InvoiceSchema,
  type CancelInvoice,
  type CreateInvoice,
  type Invoice,
} from '../../shared/schemas/fees-invoices.ts'
import { invoiceQuery, invoicesKey } from './invoice-queries.ts'

/* Making and cancelling invoices; each reads the invoices and balances again. */

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
