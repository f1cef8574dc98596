import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactElement } from 'react'
import { useStackedTable } from '../../../components/table/use-stacked-table.ts'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { FeeStructure } from '../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import type { GroupInvoiceRun } from '../../../shared/schemas/fees-invoices.ts'
import { scopeNames } from './group-invoice-scope.ts'
import { runStatusLabels } from '../labels.ts'
import { paymentCyclesQuery } from '../queries.ts'
import { numberFormat } from '../../../shared/intl-formats.ts'

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
    const periods = s.periods.length
      ? list.format(s.periods)
      : t({ message: plural(s.periodCount, { one: '# period', other: '# periods' }) })
    const who = s.studentCount
      ? t({
          message: plural(s.studentCount, {
            one: '# listed student',
            other: '# listed students',
          }),
        })
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
