import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { DateRangeFilter } from '../../components/table/DateRangeFilter.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import type { FranchiseRevenueQuery } from '../../shared/schemas/franchise-revenue.ts'
import { serviceLabels } from './labels.ts'
import { useExportFranchiseRevenue } from './mutations.ts'
import { franchiseRevenueQuery } from './queries.ts'

/**
 * /franchise-revenue: the platform's share of the online payments posted in a period, per
 * institute and service, with totals: an institute's own, or every institute's for the
 * platform's administrators.
 */
export function FranchiseRevenuePage({
  search,
  onSearchChange,
}: {
  search: FranchiseRevenueQuery
  onSearchChange: (next: Partial<FranchiseRevenueQuery>) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(franchiseRevenueQuery(search))
  const { date, number, money } = useFormat()
  const exporting = useExportFranchiseRevenue()
  const from = date(dayDate(data.from), 'long')
  const to = date(dayDate(data.to), 'long')
  const totalIn = (currency: string) => t`Total in ${currency}`
  const inCurrency = (minor: number, row: { currency: string; digits: number }) =>
    money(minor, row.currency, row.digits)

  return (
    <div className="page">
      <PrintHeader
        filters={[
          { label: <Trans>From</Trans>, value: from },
          { label: <Trans>To</Trans>, value: to },
        ]}
      />
      <PageHeader
        title={<Trans>Franchise revenue</Trans>}
        subtitle={
          data.allInstitutes ? (
            <Trans>
              From {from} to {to}: the platform’s share of every institute’s online payments, posted
              with each payment.
            </Trans>
          ) : (
            <Trans>
              From {from} to {to}: what the platform charged this institute for its online payments,
              posted as an expense with each payment.
            </Trans>
          )
        }
        actions={
          <ReportActions
            empty={data.rows.length === 0}
            exporting={exporting.isPending}
            onExport={(format) => exporting.mutate({ format, search })}
          />
        }
      />
      <section className="card">
        <div className="toolbar no-print">
          <DateRangeFilter
            from={search.from ?? data.from}
            to={search.to ?? data.to}
            onChange={onSearchChange}
          />
        </div>
        <div className="table-wrap">
          <table className="table" data-testid="franchise-revenue">
            <thead>
              <HeaderRow
                columns={[
                  ...(data.allInstitutes ? [{ label: t`Institute` }] : []),
                  { label: t`Service` },
                  { label: t`Payments`, amount: true },
                  { label: t`Collected`, amount: true },
                  { label: t`Platform’s share`, amount: true },
                ]}
              />
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={`${row.instituteId}/${row.service}`}>
                  {data.allInstitutes && <td>{row.instituteName}</td>}
                  <th scope="row">{i18n._(serviceLabels[row.service])}</th>
                  <td className="amount">{number(row.payments)}</td>
                  <td className="amount">{inCurrency(row.collectedMinor, row)}</td>
                  <td className="amount">{inCurrency(row.franchiseMinor, row)}</td>
                </tr>
              ))}
              {data.rows.length === 0 && (
                <tr>
                  <td colSpan={data.allInstitutes ? 5 : 4} className="muted">
                    <Trans>No online payments were posted in this period.</Trans>
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              {data.totals.map((total) => (
                <tr key={total.currency} data-testid="franchise-revenue-total">
                  <th scope="row" colSpan={data.allInstitutes ? 2 : 1}>
                    {data.totals.length > 1 ? totalIn(total.currency) : t`Total`}
                  </th>
                  <td className="amount">{number(total.payments)}</td>
                  <td className="amount">{inCurrency(total.collectedMinor, total)}</td>
                  <td className="amount">{inCurrency(total.franchiseMinor, total)}</td>
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      </section>
    </div>
  )
}
