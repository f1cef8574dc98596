import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import * as v from 'valibot'
import { api, postJson } from '../../../lib/api.ts'
import { useChange, type Feedback } from '../../../lib/mutation-feedback.ts'
import {
  GroupInvoicePreviewSchema,
  GroupInvoiceRunSchema,
  type GroupInvoicePreview,
  type GroupInvoiceRun,
  type GroupInvoiceScopeInput,
} from '../../../shared/schemas/fees-invoices.ts'
import { groupRunsKey } from './queries.ts'

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
