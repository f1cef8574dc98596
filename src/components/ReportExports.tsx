import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useState } from 'react'
import { useSnapshot } from 'valtio'
import { downloadFile } from '../lib/download.ts'
import {
  dismissExport,
  exportFilePath,
  exportJobs,
  markExportSaved,
  type ExportJob,
} from '../lib/report-exports.ts'
import { useServerErrors } from '../lib/server-errors.ts'
import * as v from 'valibot'
import type { Job } from '../shared/schemas/jobs.ts'
import { ReportExportResultSchema } from '../shared/schemas/report-exports.ts'
import { JobProgress } from './JobProgress.tsx'

/** One export: its progress, then its file, saved once when it is ready and again on request. */
function ExportItem({ item }: { item: ExportJob }) {
  const { t } = useLingui()
  const { toastUnlessFieldError } = useServerErrors()
  const [fileName, setFileName] = useState<string>()
  const label = {
    due: t`Exporting the due report`,
    paid: t`Exporting the paid report`,
    ledger: t`Exporting the general ledger`,
    'head-ledger-lines': t`Exporting the lines of a head-wise ledger figure`,
  }[item.report]
  const save = useCallback(
    (name: string) =>
      downloadFile(exportFilePath(item.jobId), name).catch((err: unknown) =>
        toastUnlessFieldError(err, t`The file was not saved`),
      ),
    [item.jobId, t, toastUnlessFieldError],
  )
  const onFinished = useCallback(
    (job: Job) => {
      const result = v.safeParse(ReportExportResultSchema, job.result)
      if (job.status !== 'succeeded' || !result.success) return
      setFileName(result.output.fileName)
      if (item.saved) return
      markExportSaved(item.jobId)
      void save(result.output.fileName)
    },
    [save, item.saved, item.jobId],
  )
  return (
    <section className="report-export" aria-label={label}>
      <strong>{label}</strong>
      <JobProgress
        jobId={item.jobId}
        label={label}
        onFinished={onFinished}
        counted={(done, total) => (total ? t`${done} of ${total} rows` : t`${done} rows`)}
      />
      <div className="report-export-actions">
        {fileName && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => void save(fileName)}
          >
            <Trans>Save {fileName}</Trans>
          </button>
        )}
        <button type="button" className="button" onClick={() => dismissExport(item.jobId)}>
          <Trans>Dismiss</Trans>
        </button>
      </div>
    </section>
  )
}

/**
 * The exports running as jobs (report-export.ts), in a corner of every staff page: the user may
 * go elsewhere in the app meanwhile and still find the file.
 */
export function ReportExports() {
  const { items } = useSnapshot(exportJobs)
  if (!items.length) return null
  return (
    <div className="report-exports">
      {items.map((item) => (
        <ExportItem key={item.jobId} item={item} />
      ))}
    </div>
  )
}
