import type { QueryClient } from '@tanstack/react-query'
import { postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  ReceiptSchema,
  type CancelPayment,
  type CreatePayment,
  type Receipt,
} from '../../shared/schemas/collection.ts'
import { collectionKey, receiptQuery } from './queries.ts'

/* Taking and cancelling payments; each reads the family and receipts again. */

const refresh = async (queryClient: QueryClient, saved: Receipt) => {
  queryClient.setQueryData(receiptQuery(saved.id).queryKey, saved)
  await queryClient.invalidateQueries({ queryKey: collectionKey })
}

/**
 * Takes a prepared payment. The screen passes the Idempotency-Key it made when it prepared the
 * payment: a double press, or Save again after a lost answer, gives the same receipt.
 */
export function useTakePayment(feedback: Feedback<Receipt, { key: string; body: CreatePayment }>) {
  return useChange(
    ({ key, body }: { key: string; body: CreatePayment }) =>
      postJson('collection/payments', body, ReceiptSchema, {
        headers: { 'Idempotency-Key': key },
      }),
    { refresh, feedback },
  )
}

/** Cancels a receipt with the reason (a bounced cheque is one). */
export function useCancelReceipt(
  paymentId: string,
  feedback: Feedback<Receipt, CancelPayment> = {},
) {
  return useChange(
    (body: CancelPayment) =>
      postJson(`collection/payments/${encodeURIComponent(paymentId)}/cancel`, body, ReceiptSchema),
    { refresh, feedback },
  )
}
