import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { storedRead } from '../../lib/read-store.ts'
import { AcademicSessionSchema, ClassSchema } from '../../shared/schemas/academic.ts'
import {
  PromotionPreviewSchema,
  PromotionStartedSchema,
  type PromotionRequestInput,
} from '../../shared/schemas/students.ts'

/*
 * The promotion screen's reads and its one change. The sessions and classes are the academic
 * structure's lists (`/api/institutes/…`), read here under this screen's name until they are
 * shared through src/lib: a feature does not import another's queries.
 */

export const promotionKey = ['students', 'promotion'] as const

export const promotionSessionsQuery = () =>
  queryOptions({
    queryKey: [...promotionKey, 'sessions'],
    ...storedRead(
      'institutes/academic-sessions',
      v.array(AcademicSessionSchema),
      '/students/promote',
    ),
  })

export const promotionClassesQuery = () =>
  queryOptions({
    queryKey: [...promotionKey, 'classes'],
    ...storedRead('institutes/classes', v.array(ClassSchema), '/students/promote'),
  })

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
