import type { QueryClient } from '@tanstack/react-query'
import { onlineQuoteQuery, paymentOutcomeQuery } from './online-payment.ts'

/*
 * The online payment pages read before they render (on the server for a first visit); a
 * refusal (the fee paid meanwhile, not offered online) is the page's to say, not an error page.
 */

export const loadOnlineQuote = (queryClient: QueryClient, institute: string, temporaryId: string) =>
  queryClient.prefetchQuery(onlineQuoteQuery(institute, temporaryId))

export const loadPaymentOutcome = (queryClient: QueryClient, reference: string) =>
  queryClient.prefetchQuery(paymentOutcomeQuery(reference))
