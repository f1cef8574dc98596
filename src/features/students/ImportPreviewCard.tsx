import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useId, useState } from 'react'
import * as v from 'valibot'
import { JobProgress } from '../../components/JobProgress.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import type { Job } from '../../shared/schemas/jobs.ts'
import {
  ImportResultSchema,
  type ImportPreview,
  type ImportResult,
} from '../../shared/schemas/student-imports.ts'
import { importColumnLabels, importOutcomeLabels } from './import-labels.ts'
import { useConfirmImport } from './mutations.ts'

function Counts({ preview }: { preview: ImportPreview }) {
  const { i18n } = useLingui()
  const n = new Intl.NumberFormat(i18n.locale)
  const { counts } = preview
  const items = [
    [<Trans key="t">Rows</Trans>, counts.total, 'total'],
    [i18n._(importOutcomeLabels.new), counts.new, 'new'],
    [i18n._(importOutcomeLabels.updated), counts.updated, 'updated'],
    [i18n._(importOutcomeLabels.unchanged), counts.unchanged, 'unchanged'],
    [i18n._(importOutcomeLabels.invalid), counts.invalid, 'invalid'],
  ] as const
  return (
    <dl className="student-import-counts" data-testid="import-counts">
      {items.map(([label, value, name]) => (
        <div key={name} className={`student-import-count is-${name}`} data-testid={`count-${name}`}>
          <dt>{label}</dt>
          <dd>{n.format(value)}</dd>
        </div>
      ))}
    </dl>
  )
}
/** The checked file: its counts, its rows with their mistakes, and the import once confirmed. */
export function ImportPreviewCard({
  preview,
  onStartOver,
}: {
  preview: ImportPreview
  onStartOver: () => void
}) {
  const { t, i18n } = useLingui()
  const { translate, toastUnlessFieldError } = useServerErrors()
  const [job, setJob] = useState<Job>()
  // One key per confirmation: a retried click answers the same job, a resume starts a new one.
  const [key, setKey] = useState(() => crypto.randomUUID())
  const confirm = useConfirmImport({
    onError: (err) => toastUnlessFieldError(err, t`The import did not start`),
  })
  const onFinished = useCallback(
    (finished: Job) => {
      setJob(finished)
      if (finished.status === 'succeeded') {
        showToast({ variant: 'success', title: t`The students were imported.` })
      }
    },
    [t],
  )
  const { counts } = preview
  const total = counts.total
  const result = job?.status === 'succeeded' ? v.safeParse(ImportResultSchema, job.result) : null
  const stopped = job && (job.status === 'failed' || job.status === 'cancelled')
  const shown = preview.rows.length
  const fileName = preview.fileName
  const [only, setOnly] = useState<RowFilter>('all')
  const rows = preview.rows.filter((row) => rowFilters[only](row.outcome === 'invalid'))

  return (
    <section className="card student-import-preview" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title">
        <Trans>Checked: {fileName}</Trans>
      </h2>
      <Counts preview={preview} />
      {counts.invalid > 0 ? (
        <p className="notice notice-danger" role="alert" data-testid="import-has-errors">
          <Plural value={counts.invalid} one="# row has mistakes." other="# rows have mistakes." />{' '}
          <Trans>
            Nothing is imported from a file with mistakes: correct them in the file and upload it
            again.
          </Trans>
        </p>
      ) : (
        preview.jobId === null && (
          <div className="form-actions">
            <button type="button" className="button" onClick={onStartOver}>
              <Trans>Choose another file</Trans>
            </button>
            <button
              type="button"
              className={`button button-primary${confirm.isPending ? ' is-busy' : ''}`}
              aria-disabled={confirm.isPending}
              onClick={() => !confirm.isPending && confirm.mutate({ id: preview.id, key })}
            >
              <Plural value={total} one="Import # student" other="Import # students" />
            </button>
          </div>
        )
      )}
      {preview.jobId && (
        <div className="student-import-job">
          <JobProgress
            key={preview.jobId}
            jobId={preview.jobId}
            label={t`Importing students`}
            onFinished={onFinished}
          />
          {result?.success && <ResultLine {...result.output} />}
          <div className="form-actions">
            {stopped && (
              <button
                type="button"
                className={`button button-primary${confirm.isPending ? ' is-busy' : ''}`}
                aria-disabled={confirm.isPending}
                onClick={() => {
                  if (confirm.isPending) return
                  const next = crypto.randomUUID()
                  setKey(next)
                  setJob(undefined)
                  confirm.mutate({ id: preview.id, key: next })
                }}
              >
                <Trans>Resume the import</Trans>
              </button>
            )}
            {(!job || job.status !== 'running') && (
              <button type="button" className="button" onClick={onStartOver}>
                <Trans>Import another file</Trans>
              </button>
            )}
          </div>
        </div>
      )}
      {shown > 0 && (
        <>
          <h3>
            {counts.invalid > 0 ? (
              <Trans>Rows with mistakes, and the first rows of the rest</Trans>
            ) : (
              <Trans>The first rows, as they were read</Trans>
            )}
          </h3>
          {counts.invalid > 0 && shown > counts.invalid && (
            <RowFilterChoice value={only} onChange={setOnly} />
          )}
          <div className="table-wrap">
            <table className="table student-import-rows" data-testid="import-rows">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Row</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Result</Trans>
                  </th>
                  {preview.columns.map((column) => (
                    <th key={column} scope="col">
                      {i18n._(importColumnLabels[column])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.line}
                    className={row.outcome === 'invalid' ? 'has-errors' : undefined}
                    data-line={row.line}
                  >
                    <th scope="row">{row.line}</th>
                    <td>
                      <span className={`badge import-outcome-${row.outcome}`}>
                        {i18n._(importOutcomeLabels[row.outcome])}
                      </span>
                    </td>
                    {preview.columns.map((column) => {
                      const errors = row.errors[column]
                      return (
                        <td key={column} className={errors ? 'cell-error' : undefined}>
                          {row.values[column]}
                          {errors?.map((e, i) => (
                            <span key={i} className="field-error" data-column={column}>
                              {translate(e)}
                            </span>
                          ))}
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown < total && <ShownLine shown={shown} total={total} />}
        </>
      )}
    </section>
  )
}

/** Which of the preview's rows are listed (the server sends those with mistakes first). */
type RowFilter = 'all' | 'problems' | 'good'
const rowFilters: Record<RowFilter, (invalid: boolean) => boolean> = {
  all: () => true,
  problems: (invalid) => invalid,
  good: (invalid) => !invalid,
}

function RowFilterChoice({
  value,
  onChange,
}: {
  value: RowFilter
  onChange: (next: RowFilter) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const choices: [RowFilter, string][] = [
    ['all', t`All rows`],
    ['problems', t`Rows with mistakes`],
    ['good', t`Rows without mistakes`],
  ]
  return (
    <div className="check-grid" role="radiogroup" aria-label={t`Rows shown`}>
      {choices.map(([choice, label]) => (
        <label key={choice} className="checkbox">
          <input
            type="radio"
            name={`${id}-rows`}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />{' '}
          {label}
        </label>
      ))}
    </div>
  )
}

function ResultLine(result: ImportResult) {
  const { i18n } = useLingui()
  const n = new Intl.NumberFormat(i18n.locale)
  const created = n.format(result.created)
  const updated = n.format(result.updated)
  const unchanged = n.format(result.unchanged)
  return (
    <p className="notice" role="status" data-testid="import-result">
      <Trans>
        Imported: {created} new, {updated} updated, {unchanged} unchanged.
      </Trans>
    </p>
  )
}

function ShownLine({ shown, total }: { shown: number; total: number }) {
  const { i18n } = useLingui()
  const n = new Intl.NumberFormat(i18n.locale)
  const some = n.format(shown)
  return (
    <p className="muted">
      <Plural
        value={total}
        one={`${some} of # row is shown.`}
        other={`${some} of # rows are shown.`}
      />
    </p>
  )
}
