import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import * as v from 'valibot'
import { api, postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  GroupInvoiceOptionsSchema,
  GroupInvoicePreviewSchema,
  GroupInvoiceRunDetailSchema,
  GroupInvoiceRunListSchema,
  GroupInvoiceRunSchema,
  type GroupInvoiceOptionsQuery,
  type GroupInvoicePreview,
  type GroupInvoiceRun,
  type GroupInvoiceScopeInput,
} from '../../shared/schemas/fees-invoices.ts'
import { feesKey } from './queries.ts'

/** Group invoice runs: read again whenever one starts or finishes. */
export const groupRunsKey = [...feesKey, 'group-runs'] as const

export const groupInvoiceOptionsQuery = (search: GroupInvoiceOptionsQuery) =>
  queryOptions({
    queryKey: [...feesKey, 'group-options', search],
    ...storedRead(
      `fees/group-invoice/options?${toSearchParams(search)}`,
      GroupInvoiceOptionsSchema,
      '/group-invoice',
    ),
  })

/** The recent runs, newest first. */
export const groupRunsQuery = () =>
  queryOptions({
    queryKey: [...groupRunsKey, 'list'],
    ...storedRead('fees/group-invoice/runs', GroupInvoiceRunListSchema, '/group-invoice'),
  })

/** One run with the invoices it made; its progress is the job's (src/lib/jobs.ts). */
export const groupRunQuery = (runId: string) =>
  queryOptions({
    queryKey: [...groupRunsKey, 'run', runId],
    ...storedRead(
      `fees/group-invoice/runs/${encodeURIComponent(runId)}`,
      GroupInvoiceRunDetailSchema,
      '/group-invoice',
    ),
  })

/**
 * What a scope would invoice, as the database stands now: a read sent as a POST (the scope may
 * list thousands of students), so not kept for offline use.
 */
export function usePreviewGroupInvoice(
  feedback: Feedback<GroupInvoicePreview, GroupInvoiceScopeInput> = {},
) {
  return useMutation({
    mutationFn: async (scope: GroupInvoiceScopeInput) =>
      v.parse(
        GroupInvoicePreviewSchema,
        // A whole campus takes the server a while to plan.
        await api.post('fees/group-invoice/preview', { json: scope, timeout: 60_000 }).json(),
      ),
    ...feedback,
  })
}

/**
 * Starts a run as a background job. The key is the screen's for this scope: a retried click
 * answers the same run. A run of the same scope under way is a 409 naming its run.
 */
export function useStartGroupInvoice(
  feedback: Feedback<GroupInvoiceRun, { scope: GroupInvoiceScopeInput; key: string }> = {},
) {
  return useChange(
    ({ scope, key }: { scope: GroupInvoiceScopeInput; key: string }) =>
      postJson('fees/group-invoice/runs', scope, GroupInvoiceRunSchema, {
        headers: { 'Idempotency-Key': key },
      }),
    {
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: groupRunsKey }),
      feedback,
    },
  )
}

/** Reads the runs again (once a run's job stopped: its counts and invoices are final). */
export function useRefreshGroupRuns() {
  const queryClient = useQueryClient()
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: groupRunsKey }),
    [queryClient],
  )
}
