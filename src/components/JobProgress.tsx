import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { jobQuery, useCancelJob } from '../lib/jobs.ts'
import { useServerErrors } from '../lib/server-errors.ts'
import { isJobActive, type Job, type JobStatus } from '../shared/schemas/jobs.ts'

interface ViewProps {
  job: Job
  /** What the job is ("Importing students"): the progress bar's name. */
  label: string
  onCancel: () => void
  cancelBusy?: boolean
  /** What the job counts, named with its count ("120 of 300 students"); a bare count without. */
  counted?: CountedText | undefined
}

/** The progress in words with its unit: `done` and `total` already formatted for the locale. */
type CountedText = (done: string, total: string | undefined, totalCount: number) => string

/** A job as it stands: a progress bar with its percentage, its status, why it failed. */
export function JobProgressView(props: ViewProps) {
  const { job, label, onCancel, cancelBusy = false, counted } = props
  const { t, i18n } = useLingui()
  const { translate } = useServerErrors()
  const { done, total } = job.progress
  const finished = job.status === 'succeeded'
  // Without a total the bar is indeterminate; a finished job's is full.
  const share = finished ? 1 : total ? Math.min(1, done / total) : undefined
  const percent =
    share === undefined
      ? undefined
      : new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(share)
  const count = new Intl.NumberFormat(i18n.locale)
  const statusTexts: Record<JobStatus, string> = {
    queued: t`Waiting to start`,
    running: t`Running`,
    cancelling: t`Stopping…`,
    succeeded: t`Finished`,
    failed: t`Failed`,
    cancelled: t`Cancelled`,
  }
  const doneText = count.format(done)
  const totalText = total === null ? undefined : count.format(total)
  const amount = counted
    ? counted(doneText, totalText, total ?? done)
    : totalText === undefined
      ? t`${doneText} done`
      : t`${doneText} of ${totalText}`
  const cancellable = job.status === 'queued' || job.status === 'running'
  return (
    <div className="job-progress">
      <progress
        className="job-progress-bar"
        aria-label={label}
        max={100}
        value={share === undefined ? undefined : Math.round(share * 100)}
        aria-valuetext={percent ? `${amount} (${percent})` : amount}
      />
      <p className="job-progress-status" role="status">
        <span>{statusTexts[job.status]}</span> <span className="muted">{amount}</span>
        {percent && <span className="job-progress-percent">{percent}</span>}
      </p>
      {job.status === 'failed' && job.error && (
        <p className="field-error" role="alert">
          {translate({ code: job.error.code, values: job.error.values }, job.error.message)}
        </p>
      )}
      {cancellable && (
        <button
          type="button"
          className="button"
          aria-label={t`Cancel: ${label}`}
          onClick={onCancel}
          disabled={cancelBusy}
          aria-busy={cancelBusy}
        >
          <Trans>Cancel</Trans>
        </button>
      )}
    </div>
  )
}

interface Props {
  jobId: string
  label: string
  /** Once the job stops (finished, failed or cancelled): the feature reads its own data again. */
  onFinished?: (job: Job) => void
  counted?: CountedText
}

/** Any feature's background job, followed live (see `jobQuery`), with a Cancel button. */
export function JobProgress({ jobId, label, onFinished, counted }: Props) {
  const { t } = useLingui()
  const { toastUnlessFieldError } = useServerErrors()
  const { data: job, isError } = useQuery(jobQuery(jobId))
  const cancel = useCancelJob({
    onError: (err) => toastUnlessFieldError(err, t`The task could not be cancelled`),
  })
  const reported = useRef(false)
  useEffect(() => {
    if (!job || isJobActive(job.status) || reported.current) return
    reported.current = true
    onFinished?.(job)
  }, [job, onFinished])
  if (!job) {
    return (
      <p className="muted" role="status">
        {isError
          ? t`The task’s progress cannot be read right now.`
          : t`Reading the task’s progress…`}
      </p>
    )
  }
  return (
    <JobProgressView
      job={job}
      label={label}
      onCancel={() => cancel.mutate(job.id)}
      cancelBusy={cancel.isPending}
      counted={counted}
    />
  )
}
