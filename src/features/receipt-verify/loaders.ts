import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '../../lib/not-found.ts'
import { httpStatus } from '../../lib/http-error.ts'
import { receiptVerificationQuery } from './queries.ts'

/**
 * The receipt a code names, before the page renders (on the server for a first visit). No
 * receipt with the code, or no code at all (a 422 on its shape), is the page's "not found".
 */
export async function loadReceiptVerification(queryClient: QueryClient, code: string) {
  try {
    await queryClient.ensureQueryData(receiptVerificationQuery(code))
  } catch (err) {
    const status = httpStatus(err)
    if (status === 404 || status === 422) throw notFound()
    throw err
  }
}
