import * as v from 'valibot'
import { ErrorValuesSchema } from './api-error.ts'
import { listQuerySchema, pagedSchema } from './list.ts'

export const jobStatuses = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelling',
  'cancelled',
] as const
export type JobStatus = (typeof jobStatuses)[number]

/** A job still under way: its progress moves, and it may be cancelled. */
export const isJobActive = (status: JobStatus) =>
  status === 'queued' || status === 'running' || status === 'cancelling'

/** Why a job failed: a code of the error catalogue (and its values), with its English. */
export const JobErrorSchema = v.object({
  code: v.string(),
  values: v.optional(ErrorValuesSchema),
  message: v.string(),
})

/**
 * A background job as the API shows it. `total` is null while the job does not know how much
 * work there is; `result` is the kind's own summary once it finished. Its parameters and
 * checkpoint stay on the server.
 */
export const JobSchema = v.object({
  id: v.string(),
  kind: v.string(),
  status: v.picklist(jobStatuses),
  progress: v.object({ done: v.number(), total: v.nullable(v.number()) }),
  result: v.unknown(),
  error: v.nullable(JobErrorSchema),
  attempts: v.number(),
  maxAttempts: v.number(),
  createdBy: v.nullable(v.string()),
  createdAt: v.string(),
  startedAt: v.nullable(v.string()),
  finishedAt: v.nullable(v.string()),
})
export type Job = v.InferOutput<typeof JobSchema>
export const JobListSchema = pagedSchema(JobSchema)
export type JobList = v.InferOutput<typeof JobListSchema>

/** `GET /api/jobs?kind=&status=` and the usual paging, newest first. */
export const JobQuerySchema = v.object({
  ...listQuerySchema(['createdAt']).entries,
  kind: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'too_long'))),
  status: v.optional(v.picklist(jobStatuses, 'unknown_status')),
})
