import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, type ReactElement } from 'react'
import { JobProgress } from '../../../components/JobProgress.tsx'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { numberFormat } from '../../../shared/intl-formats.ts'
import { useRefreshGroupRuns } from './mutations.ts'
import { groupRunQuery } from './queries.ts'

/** The run followed: its job's progress bar, then what it made. */
export function CurrentRun({
  runId,
  notice,
  onClose,
}: {
  runId: string
  /** Why this run is shown instead of a new one (another run of the same choice was going). */
  notice: string | undefined
  onClose: (() => void) | undefined
}): ReactElement {
  const { t, i18n } = useLingui()
  const id = useId()
  const money = useMoney()
  const { dateTime } = useFormat()
  const n = numberFormat(i18n.locale)
  const refresh = useRefreshGroupRuns()
  const { data: run, isError } = useQuery(groupRunQuery(runId))
  const listed = run ? n.format(run.invoices.length) : ''
  const total = run ? money.format(run.totalMinor) : ''
  const started = run ? dateTime(new Date(run.createdAt)) : ''
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="group-run">
      <h2 id={`${id}-title`}>
        <Trans>Group invoice run</Trans>
      </h2>
      {notice && (
        <p className="notice group-invoice-conflict" role="alert">
          {notice} <Trans>It is followed here instead of starting a second one.</Trans>
        </p>
      )}
      {isError && !run && (
        <p className="field-error" role="alert">
          <Trans>This run cannot be read: it may belong to another institute or be gone.</Trans>
        </p>
      )}
      {run && (
        <>
          <p className="muted">
            <Trans>Started {started}.</Trans>
          </p>
          {run.jobId && (
            <JobProgress
              key={run.jobId}
              jobId={run.jobId}
              label={t`Creating invoices`}
              onFinished={refresh}
              counted={(done, total, count) => {
                // The job goes student by student: its progress counts students.
                const all = total ?? done
                return t({
                  message: plural(count, {
                    one: `${done} of ${all} student done`,
                    other: `${done} of ${all} students done`,
                  }),
                })
              }}
            />
          )}
          {run.status === 'succeeded' && (
            <p className="notice" role="status" data-testid="group-run-result">
              <Plural
                value={run.invoiceCount}
                one={`# invoice was made for ${total}.`}
                other={`# invoices were made for ${total}.`}
              />{' '}
              <Plural
                value={run.skippedCount}
                _0="No student was skipped."
                one="# student was skipped."
                other="# students were skipped."
              />
            </p>
          )}
          {run.invoiceCount > 0 && (
            <p>
              <Link className="button" to="/invoice-prints" search={{ runId: run.id }}>
                <Trans>Print this run’s invoices</Trans>
              </Link>
            </p>
          )}
          {run.invoices.length > 0 && (
            <>
              <h3 id={`${id}-made`}>
                <Trans>Invoices made</Trans>
              </h3>
              <div className="table-wrap">
                <table className="table" aria-labelledby={`${id}-made`}>
                  <thead>
                    <HeaderRow
                      columns={[
                        { label: t`Invoice number` },
                        { label: t`Student` },
                        { label: t`Student ID` },
                        { label: t`Amount`, amount: true },
                      ]}
                    />
                  </thead>
                  <tbody>
                    {run.invoices.map((invoice) => (
                      <tr key={invoice.id}>
                        <th scope="row">{invoice.number}</th>
                        <td>{invoice.studentName}</td>
                        <td>{invoice.studentCode}</td>
                        <td className="amount">{money.format(invoice.totalMinor)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {run.invoices.length < run.invoiceCount && (
                <p className="muted">
                  <Plural
                    value={run.invoiceCount}
                    one={`The first ${listed} of # invoice are shown.`}
                    other={`The first ${listed} of # invoices are shown.`}
                  />
                </p>
              )}
            </>
          )}
        </>
      )}
      {onClose && (
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      )}
    </section>
  )
}
