import { queryOptions } from '@tanstack/react-query'
import { postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { storedRead } from '../../lib/read-store.ts'
import {
  LineFineSchema,
  type FineWaiverRequest,
  type LineFine,
} from '../../shared/schemas/fine-waivers.ts'
import { feesKey } from './queries.ts'

/** Invoices' reads (an invoice, a line's fine) live under this key: a waiver reads them again. */
export const invoicesKey = [...feesKey, 'invoices'] as const

/** A line's fine as of today: what the rules ask, what was waived, what is charged. */
export const lineFineQuery = (invoiceId: string, lineId: string) =>
  queryOptions({
    queryKey: [...invoicesKey, invoiceId, 'lines', lineId, 'fine'],
    ...storedRead(
      `fees/invoices/${invoiceId}/lines/${lineId}/fine`,
      LineFineSchema,
      '/invoices/$invoiceId',
    ),
  })

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
