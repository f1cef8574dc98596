import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { Link } from '@tanstack/react-router'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { AsOfFilter } from '../../components/report/AsOfFilter.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useStickyTotals } from '../../components/table/use-sticky-totals.ts'
import { useFormat } from '../../lib/format.ts'
import { dayDate } from '../../lib/dates.ts'
import { accountTypeLabels } from './labels.ts'
import { calendarQuery, trialBalanceQuery } from './queries.ts'
import { ledgerUpTo, type TrialBalanceSearch } from './search.ts'
import { useMoney } from '../../lib/use-money.ts'
import { useReportExport } from '../../lib/report-export.ts'

/** /vouchers/trial-balance: every account's balance on a day; debits must equal credits. */
export function TrialBalancePage({
  search,
  onSearchChange,
}: {
  search: TrialBalanceSearch
  onSearchChange: (next: Partial<TrialBalanceSearch>) => void
}): ReactElement {
  const { i18n } = useLingui()
  const { date } = useFormat()
  const money = useMoney()
  const { data: calendar } = useSuspenseQuery(calendarQuery())
  const asOf = search.asOf ?? calendar.today
  const { data } = useSuspenseQuery(trialBalanceQuery(asOf))
  const { wrap, table } = useStackedTable()
  useStickyTotals(table)
  const exporting = useReportExport('accounting/trial-balance')
  const balanced = data.totalDebit === data.totalCredit
  const difference = money.format(Math.abs(data.totalDebit - data.totalCredit))
  const day = date(dayDate(data.asOf), 'long')

  return (
    <div className="page">
      <PrintHeader filters={[{ label: <Trans>As of</Trans>, value: day }]} />
      <PageHeader
        title={<Trans>Trial balance</Trans>}
        subtitle={
          <Trans>
            The balance of every account that posts vouchers, as of {day}. Open an account for its
            ledger, from the start of the fiscal year to that day.
          </Trans>
        }
        actions={
          <ReportActions
            empty={data.rows.length === 0}
            exporting={exporting.isPending}
            onExport={(format) => exporting.mutate({ format, search: { asOf: data.asOf } })}
          />
        }
      />
      <section className="card">
        <div className="toolbar no-print">
          <AsOfFilter value={asOf} onChange={(next) => onSearchChange({ asOf: next })} />
          {balanced ? (
            <span className="badge balance-state" data-testid="trial-balance-state">
              <Trans>Balanced</Trans>
            </span>
          ) : (
            <span className="badge badge-danger balance-state" data-testid="trial-balance-state">
              <Trans>Out of balance by {difference}</Trans>
            </span>
          )}
        </div>
        <div ref={wrap} className="table-wrap sticky-table">
          <table ref={table} className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: <Trans>GL code</Trans> },
                  { label: <Trans>Account</Trans> },
                  { label: <Trans>Type</Trans> },
                  'debit',
                  'credit',
                ]}
              />
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.accountId}>
                  <td className="gl-code">{row.glCode}</td>
                  <td>
                    <Link
                      to="/vouchers/ledger"
                      search={ledgerUpTo(row.accountId, data.asOf, calendar)}
                    >
                      {row.name}
                    </Link>
                  </td>
                  <td>{i18n._(accountTypeLabels[row.accountType])}</td>
                  <td className="amount">{row.debit ? money.format(row.debit) : ''}</td>
                  <td className="amount">{row.credit ? money.format(row.credit) : ''}</td>
                </tr>
              ))}
              {data.rows.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted">
                    <Trans>No account has a balance on this day.</Trans>
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr className={balanced ? undefined : 'unbalanced'}>
                <th scope="row" colSpan={3}>
                  <Trans>Total</Trans>
                </th>
                <td className="amount" data-testid="trial-balance-debit">
                  {money.format(data.totalDebit)}
                </td>
                <td className="amount" data-testid="trial-balance-credit">
                  {money.format(data.totalCredit)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
    </div>
  )
}
