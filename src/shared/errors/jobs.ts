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
  export_needs_job: /*i18n*/ {
    id: 'error.export_needs_job',
    message: 'This export has {rows} rows, more than {max} at once: it runs as a task.',
  },
  export_not_ready: /*i18n*/ {
    id: 'error.export_not_ready',
    message: 'This export has not finished yet.',
  },
  export_expired: /*i18n*/ {
    id: 'error.export_expired',
    message: 'This export’s file was kept for a day and is gone: export the report again.',
  },
}
