import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import { postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  CreatedInstituteSchema,
  InstituteListSchema,
  InstituteOptionsSchema,
  PlatformInstituteSchema,
  type CreateInstitute,
  type CreatedInstitute,
  type InstituteListQuery,
  type PlatformInstitute,
} from '../../shared/schemas/platform.ts'

/** Everything under ['platform'] is read again when an institute is created or changes. */
export const platformKey = ['platform'] as const

const base = 'platform/institutes'

export const institutesQuery = (search: InstituteListQuery) =>
  queryOptions({
    queryKey: [...platformKey, 'institutes', search],
    ...storedRead(`${base}?${toSearchParams(search)}`, InstituteListSchema, '/institutes'),
    placeholderData: keepPreviousData,
  })

/** Every institute by name, for the top bar's picker. */
export const instituteOptionsQuery = () =>
  queryOptions({
    queryKey: [...platformKey, 'options'],
    ...storedRead(`${base}/options`, InstituteOptionsSchema, '/institutes'),
  })

const refreshAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: platformKey })

/**
 * Creates an institute and its first admin. `idempotencyKey` is the one key of the form being
 * filled in: a double click or a retry after a lost answer creates one institute.
 */
export function useCreateInstitute(
  idempotencyKey: string,
  feedback: Feedback<CreatedInstitute, CreateInstitute> = {},
) {
  return useChange(
    (body: CreateInstitute) =>
      postJson(base, body, CreatedInstituteSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    { refresh: refreshAll, screenReacts: 'during-refresh', feedback },
  )
}

export type InstituteStatusChange = {
  institute: PlatformInstitute
  change: 'suspend' | 'reactivate'
  reason: string
}

/** Suspends an institute (its users are refused, its admissions close) or reactivates it. */
export function useSetInstituteStatus(
  feedback: Feedback<PlatformInstitute, InstituteStatusChange> = {},
) {
  return useChange(
    ({ institute, change, reason }: InstituteStatusChange) =>
      postJson(
        `${base}/${encodeURIComponent(institute.id)}/${change}`,
        { reason },
        PlatformInstituteSchema,
      ),
    { refresh: refreshAll, screenReacts: 'during-refresh', feedback },
  )
}
