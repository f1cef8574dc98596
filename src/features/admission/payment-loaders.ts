import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '../../lib/not-found.ts'
import { httpStatus } from '../../lib/http-error.ts'
import { onlineQuoteQuery, paymentOutcomeQuery } from './online-payment.ts'

/*
 * The online payment pages read before they render (on the server for a first visit); a
 * refusal (the fee paid meanwhile, not offered online) is the page's to say, not an error page.
 */

export const loadOnlineQuote = (queryClient: QueryClient, institute: string, temporaryId: string) =>
  queryClient.prefetchQuery(onlineQuoteQuery(institute, temporaryId))

/** No payment with the reference (or no reference at all, a 422 on its shape): "not found". */
export async function loadPaymentOutcome(queryClient: QueryClient, reference: string) {
  try {
    await queryClient.ensureQueryData(paymentOutcomeQuery(reference))
  } catch (err) {
    const status = httpStatus(err)
    if (status === 404 || status === 422) throw notFound()
  }
}
