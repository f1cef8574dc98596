import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type DragEvent, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { importMaxBytes, importRowLimit } from '../../shared/schemas/student-imports.ts'
import { ImportPreviewCard } from './ImportPreviewCard.tsx'
import { useDownloadTemplate, useUploadImport } from './mutations.ts'
import { importQuery } from './queries.ts'
import './import.css'

interface Props {
  importId: string | undefined
  onImportChange: (importId: string | undefined) => void
}

/**
 * /students/import: a CSV or Excel file of students is uploaded and checked on the server; the
 * preview shows every row's mistakes by column and what importing would do. A file with
 * mistakes is corrected and uploaded again (nothing of it is imported); a clean one is imported
 * by a background job, followed here, which can be resumed if it stops.
 */
export function ImportPage({ importId, onImportChange }: Props): ReactElement {
  const { t } = useLingui()
  const { refusalText, toastUnlessFieldError } = useServerErrors()
  const { data: preview } = useQuery({ ...importQuery(importId ?? ''), enabled: Boolean(importId) })
  const [problem, setProblem] = useState<string>()
  const upload = useUploadImport({
    onSuccess: (saved) => {
      setProblem(undefined)
      onImportChange(saved.id)
    },
    onError: (err) => setProblem(refusalText(err) ?? t`The file could not be sent.`),
  })
  const template = useDownloadTemplate({
    onError: (err) => toastUnlessFieldError(err, t`The template could not be downloaded`),
  })

  function send(file: File | undefined) {
    if (!file) return
    if (file.size > importMaxBytes) {
      const max = importMaxBytes / 1024 / 1024
      return setProblem(t`The file is larger than ${max} MB. Split it into smaller files.`)
    }
    upload.mutate(file)
  }

  return (
    <div className="page student-import-page">
      <PageHeader
        title={<Trans>Import students</Trans>}
        subtitle={
          <Trans>
            Upload a CSV or Excel file with one student a row. Every row is checked first: nothing
            is saved until you confirm.
          </Trans>
        }
        actions={
          <div className="student-import-templates">
            <span className="muted">
              <Trans>Template:</Trans>
            </span>
            <button
              type="button"
              className="button button-link"
              onClick={() => template.mutate('csv')}
            >
              <Trans>CSV</Trans>
            </button>
            <button
              type="button"
              className="button button-link"
              onClick={() => template.mutate('xlsx')}
            >
              <Trans>Excel</Trans>
            </button>
          </div>
        }
      />
      {(!preview || (preview.jobId === null && preview.counts.invalid > 0)) && (
        <UploadCard busy={upload.isPending} problem={problem} onFile={send} again={!!preview} />
      )}
      {preview && (
        <ImportPreviewCard
          key={preview.id}
          preview={preview}
          onStartOver={() => {
            upload.reset()
            onImportChange(undefined)
          }}
        />
      )}
    </div>
  )
}

function UploadCard({
  busy,
  problem,
  onFile,
  again,
}: {
  busy: boolean
  problem: string | undefined
  onFile: (file: File | undefined) => void
  again: boolean
}) {
  const inputId = useId()
  const [over, setOver] = useState(false)
  const { i18n } = useLingui()
  const limit = new Intl.NumberFormat(i18n.locale).format(importRowLimit)
  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (!busy) onFile(e.dataTransfer.files[0])
  }
  return (
    <section
      className={`card student-import-drop${over ? ' is-over' : ''}`}
      aria-labelledby={`${inputId}-title`}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <h2 id={`${inputId}-title`}>
        {again ? <Trans>Upload the corrected file</Trans> : <Trans>Choose a file</Trans>}
      </h2>
      <p className="muted">
        <Trans>
          Drop a CSV or Excel (.xlsx) file here, or choose one. At most {limit} students a file; the
          headings of the template name the columns.
        </Trans>
      </p>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={busy}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${inputId}-error` : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          onFile(file)
        }}
      />
      <label
        htmlFor={inputId}
        className={`button button-primary${busy ? ' is-busy' : ''}`}
        aria-disabled={busy}
      >
        {busy ? <Trans>Checking the file…</Trans> : <Trans>Choose a file</Trans>}
      </label>
      {problem && (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
