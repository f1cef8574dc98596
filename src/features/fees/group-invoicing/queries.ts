import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../../lib/read-store.ts'
import { toSearchParams } from '../../../lib/search.ts'
import {
  GroupInvoiceOptionsSchema,
  GroupInvoiceRunDetailSchema,
  GroupInvoiceRunListSchema,
  type GroupInvoiceOptionsQuery,
} from '../../../shared/schemas/fees-invoices.ts'
import { feesKey } from '../../../lib/fee-heads.ts'

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
