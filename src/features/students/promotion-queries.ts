import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  PromotionPreviewSchema,
  PromotionStartedSchema,
  type PromotionRequestInput,
} from '../../shared/schemas/student-promotion.ts'

/*
 * The promotion screen's preview and its one change. The sessions and classes it chooses from
 * are the academic structure's lists (`src/lib/academic-structure.ts`, kept for this screen).
 */

export const promotionKey = ['students', 'promotion'] as const

/**
 * What a promotion would do. A POST that writes nothing, so it is read like a query, keyed by
 * the request: each change of the mapping or the exceptions reads it again, the last answer
 * staying on screen meanwhile. Not kept for offline use: it is only worth showing as it is now.
 */
export const promotionPreviewQuery = (request: PromotionRequestInput) =>
  queryOptions({
    queryKey: [...promotionKey, 'preview', request],
    queryFn: () => postJson('students/promotions/preview', request, PromotionPreviewSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  })

/**
 * Starts the promotion as a background job. `idempotencyKey` names the request: sent again
 * after a lost answer, it answers the same job.
 */
export function useRunPromotion(feedback: Feedback<PromotionStarted, PromotionStart> = {}) {
  return useChange(
    ({ request, idempotencyKey }: PromotionStart) =>
      postJson('students/promotions', request, PromotionStartedSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // Nothing to read again yet: the job's end does that (see PromotePage).
    { refresh: () => Promise.resolve(), feedback },
  )
}

export interface PromotionStart {
  request: PromotionRequestInput
  idempotencyKey: string
}
type PromotionStarted = v.InferOutput<typeof PromotionStartedSchema>
