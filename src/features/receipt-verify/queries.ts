import { queryOptions } from '@tanstack/react-query'
import { getPublicJson } from '../../lib/public-api.ts'
import { ReceiptVerificationSchema } from '../../shared/schemas/collection-receipts.ts'

/** The public verification endpoint of a receipt's code, below /api/. */
export const verificationPath = (code: string) =>
  `collection/public/receipts/${encodeURIComponent(code)}`

/**
 * What the server says of a receipt now: never kept for offline (a cancellation must show), and
 * asked once (networkMode 'always': offline it fails at once and the page says so).
 */
export const receiptVerificationQuery = (code: string) =>
  queryOptions({
    queryKey: ['receipt-verification', code],
    queryFn: () => getPublicJson(verificationPath(code), ReceiptVerificationSchema),
    networkMode: 'always',
  })
