import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { isJobActive, JobSchema, type Job } from '../shared/schemas/jobs.ts'
import { api, postJson } from './api.ts'
import { useChange, type Feedback } from './mutation-feedback.ts'

/** Every job read sits under ['jobs']: a feature that started one invalidates its own data. */
const jobsKey = ['jobs'] as const

/** How often a job under way is read again. */
const pollMs = 1000

/**
 * One background job, read again every second while it is under way and no more once it
 * finished. Not through `storedRead` (the offline read store): a job's progress is only worth
 * showing live. A stored copy would show a bar stopped at an old percentage as if it were
 * current, and each poll would write to IndexedDB. Offline, TanStack Query pauses the poll
 * (the job runs on the server regardless) and picks it up when the connection returns.
 */
export const jobQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...jobsKey, jobId],
    queryFn: async ({ signal }): Promise<Job> =>
      v.parse(JobSchema, await api.get(`jobs/${jobId}`, { signal }).json()),
    refetchInterval: (query) =>
      query.state.data && !isJobActive(query.state.data.status) ? false : pollMs,
  })

/** Asks the server to cancel a job; the job's query shows the answer at once. */
export function useCancelJob(feedback: Feedback<Job, string> = {}) {
  return useChange((jobId: string) => postJson(`jobs/${jobId}/cancel`, {}, JobSchema), {
    refresh: async (queryClient, job) => queryClient.setQueryData(jobQuery(job.id).queryKey, job),
    feedback,
  })
}
