import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, type ReactElement } from 'react'
import { JobProgress } from '../../components/JobProgress.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { FeeHead, FeeStructure } from '../../shared/schemas/fee-setup.ts'
import type { GroupInvoiceRun } from '../../shared/schemas/fees-invoices.ts'
import { groupRunQuery, useRefreshGroupRuns } from './group-invoice-api.ts'
import { scopeNames } from './group-invoice-scope.ts'
import { runStatusLabels } from './labels.ts'
import { paymentCyclesQuery } from './queries.ts'
import { numberFormat } from '../../shared/intl-formats.ts'

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
  const made = run ? n.format(run.invoiceCount) : ''
  const listed = run ? n.format(run.invoices.length) : ''
  const skipped = run ? n.format(run.skippedCount) : ''
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
            />
          )}
          {run.status === 'succeeded' && (
            <p className="notice" role="status" data-testid="group-run-result">
              <Trans>
                {made} invoices were made for {total}; {skipped} students were skipped.
              </Trans>
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
                  <Trans>
                    The first {listed} of {made} invoices are shown.
                  </Trans>
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

/** The recent runs, newest first, each with what it chose and made; one opens above. */
export function RecentRuns({
  runs,
  structure,
  heads,
  sessionId,
  current,
  onShow,
}: {
  runs: GroupInvoiceRun[] | undefined
  structure: FeeStructure
  heads: FeeHead[]
  sessionId: string
  current: string | undefined
  onShow: (runId: string) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const id = useId()
  const money = useMoney()
  const { dateTime } = useFormat()
  const n = numberFormat(i18n.locale)
  const cycles = useQuery(paymentCyclesQuery(sessionId, '/group-invoice'))
  // Too wide for a tablet in German: each run stacks, each cell beside its column's name.
  const { wrap, table } = useStackedTable()
  const list = new Intl.ListFormat(i18n.locale, { style: 'short' })
  const describe = (run: GroupInvoiceRun) => {
    const s = scopeNames(run.scope, structure, heads, cycles.data?.data)
    const count = n.format(s.periodCount)
    const periods = s.periods.length ? list.format(s.periods) : t`${count} periods`
    const students = n.format(s.studentCount)
    const who = s.studentCount
      ? t`${students} listed students`
      : s.classes.length
        ? list.format(s.classes)
        : t`All classes`
    return `${s.session} · ${periods} · ${who} · ${list.format(s.heads)}`
  }
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Recent runs</Trans>
      </h2>
      {runs && runs.length === 0 && (
        <p className="muted">
          <Trans>No group invoice has been run yet.</Trans>
        </p>
      )}
      {runs && runs.length > 0 && (
        <div ref={wrap} className="table-wrap">
          <table ref={table} className="table" aria-labelledby={`${id}-title`}>
            <thead>
              <HeaderRow
                columns={[
                  { label: t`Started` },
                  { label: t`Choice` },
                  { label: t`Status` },
                  { label: t`Invoices`, amount: true },
                  { label: t`Skipped`, amount: true },
                  { label: t`Amount`, amount: true },
                  { label: t`Actions` },
                ]}
              />
            </thead>
            <tbody>
              {runs.map((run) => {
                const started = dateTime(new Date(run.createdAt))
                return (
                  <tr key={run.id} className={run.id === current ? 'is-current' : undefined}>
                    <th scope="row">{started}</th>
                    <td>{describe(run)}</td>
                    <td>{i18n._(runStatusLabels[run.status])}</td>
                    <td className="amount">{n.format(run.invoiceCount)}</td>
                    <td className="amount">{n.format(run.skippedCount)}</td>
                    <td className="amount">{money.format(run.totalMinor)}</td>
                    <td>
                      <button
                        type="button"
                        className="button-link"
                        aria-label={t`Show the run started ${started}`}
                        aria-current={run.id === current ? 'true' : undefined}
                        onClick={() => onShow(run.id)}
                      >
                        <Trans>Show</Trans>
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
