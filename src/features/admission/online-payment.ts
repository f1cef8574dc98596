import { queryOptions, useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { getPublicJson, postPublicJson } from '../../lib/public-api.ts'
import {
  OnlineQuoteSchema,
  PaymentOutcomeSchema,
  StartedPaymentSchema,
  type IntentStatus,
} from '../../shared/schemas/payments.ts'
import { onlineQuotePath, paymentOutcomePath, startPaymentPath } from './paths.ts'

/*
 * Paying the application fee online: the quote (amount, surcharge, gateway: all the server's),
 * starting the payment (one Idempotency-Key per visit of the page, kept for every retry of the
 * press), and the payment's outcome once back from the gateway, asked again while it is open.
 * Never kept for offline: a payment's state is what the server says now.
 */

export const onlineQuoteQuery = (institute: string, temporaryId: string) =>
  queryOptions({
    queryKey: ['online-payment', institute, temporaryId, 'quote'],
    queryFn: () => getPublicJson(onlineQuotePath(institute, temporaryId), OnlineQuoteSchema),
    networkMode: 'always',
    retry: false,
  })

export const openStatuses: readonly IntentStatus[] = ['created', 'pending']

/** How often the return page asks while the gateway has not confirmed. */
const pollMs = 2_000

export const paymentOutcomeQuery = (reference: string) =>
  queryOptions({
    queryKey: ['online-payment', 'outcome', reference],
    queryFn: () => getPublicJson(paymentOutcomePath(reference), PaymentOutcomeSchema),
    networkMode: 'always',
    refetchInterval: (query) =>
      !query.state.data || openStatuses.includes(query.state.data.status) ? pollMs : false,
  })

/** Starts the payment and sends the payer to the gateway's page. */
export function useStartOnlinePayment(institute: string, temporaryId: string) {
  const key = useRef(crypto.randomUUID())
  return useMutation({
    mutationFn: () =>
      postPublicJson(
        startPaymentPath(institute),
        { purpose: 'admission_fee', temporaryId },
        StartedPaymentSchema,
        { headers: { 'Idempotency-Key': key.current } },
      ),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  })
}
