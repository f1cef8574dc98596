/** Refusals and failures of background jobs (src/server/lib/jobs/). */
export const jobErrors = {
  job_not_found: /*i18n*/ { id: 'error.job_not_found', message: 'This task does not exist.' },
  job_finished: /*i18n*/ {
    id: 'error.job_finished',
    message: 'This task has already finished.',
  },
  job_key_reused: /*i18n*/ {
    id: 'error.job_key_reused',
    message: 'This task was already started with other settings.',
  },
  unknown_job_kind: /*i18n*/ { id: 'error.unknown_job_kind', message: 'Unknown kind of task.' },
  job_failed: /*i18n*/ {
    id: 'error.job_failed',
    message: 'The task failed. Nothing of its last unfinished batch was saved.',
  },
  job_interrupted: /*i18n*/ {
    id: 'error.job_interrupted',
    message: 'The task was interrupted too often and was stopped.',
  },
}
