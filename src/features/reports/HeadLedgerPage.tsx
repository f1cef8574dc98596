import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { FeeHeadFilter } from '../../components/filters/FeeHeadFilter.tsx'
import { PlacementFilters } from '../../components/filters/PlacementFilters.tsx'
import { LedgerAgreementMark } from '../../components/report/LedgerAgreementMark.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { DateRangeFilter } from '../../components/table/DateRangeFilter.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useStickyTotals } from '../../components/table/use-sticky-totals.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { HeadLedgerRow } from '../../shared/schemas/reports.ts'
import { headLedgerFigures, type HeadLedgerSearch } from '../../shared/schemas/report-search.ts'
import { HeadLedgerLines } from './HeadLedgerLines.tsx'
import { figureLabels, ledgerQueryOf, linesQueryOf } from './head-ledger-search.ts'
import { useExportReport } from './mutations.ts'
import { headLedgerQuery } from './queries.ts'

type SearchChange = (next: Partial<HeadLedgerSearch>) => void

/**
 * /head-wise-ledger: per fee head, what was owed when the period opened, what invoices,
 * concessions, VAT, cancellations and receipts did to it, and what is owed at its end (fines
 * paid apart), with totals and the check against Fee receivable; each figure drills down to its
 * lines, in the address, so a drill-down is a link too.
 */
export function HeadLedgerPage({
  search,
  onSearchChange,
}: {
  search: HeadLedgerSearch
  onSearchChange: SearchChange
}): ReactElement {
  const { t, i18n } = useLingui()
  const query = ledgerQueryOf(search)
  const { data } = useSuspenseQuery(headLedgerQuery(query))
  const money = useMoney()
  const { wrap, table } = useStackedTable()
  useStickyTotals(table)
  const { date } = useFormat()
  const exporting = useExportReport('head-ledger')
  const setSearch = (next: Partial<HeadLedgerSearch>) =>
    onSearchChange({ page: 1, figure: undefined, ...next })
  const from = date(dayDate(data.from), 'long')
  const to = date(dayDate(data.to), 'long')
  const lines = linesQueryOf(search)
  const drilled = lines && data.data.find((row) => row.feeHeadId === lines.feeHeadId)

  const figureCell = (row: HeadLedgerRow, figure: (typeof headLedgerFigures)[number]) => {
    const figureName = i18n._(figureLabels[figure])
    const headName = row.feeHeadName
    return (
      <td key={figure} className="amount">
        {row.feeHeadId ? (
          <Link
            to="/head-wise-ledger"
            search={{ ...query, feeHeadId: row.feeHeadId, figure, page: 1 }}
            // The amount read first, as shown, then what it is.
            aria-label={`${money.format(row[figure])} ${t`${figureName} of ${headName}`}`}
          >
            {money.format(row[figure])}
          </Link>
        ) : (
          money.format(row[figure])
        )}
      </td>
    )
  }

  return (
    <div className="page head-ledger">
      <PrintHeader
        filters={[
          { label: <Trans>From</Trans>, value: from },
          { label: <Trans>To</Trans>, value: to },
        ]}
      />
      <PageHeader
        title={<Trans>Head-wise ledger</Trans>}
        subtitle={
          <Trans>
            Each fee head from {from} to {to}: opening due + billed − concessions + VAT added −
            invoices cancelled − collected + receipts cancelled = closing due. Fines paid are shown
            apart; they are not part of what is owed.
          </Trans>
        }
        actions={
          <ReportActions
            empty={data.data.length === 0}
            exporting={exporting.isPending}
            onExport={(format) => exporting.mutate({ format, search: query })}
          />
        }
      />

      <section className="card">
        <div className="toolbar no-print">
          <DateRangeFilter
            from={search.from ?? data.from}
            to={search.to ?? data.to}
            onChange={setSearch}
          />
          <PlacementFilters
            search={search}
            onChange={setSearch}
            screen="/head-wise-ledger"
            sessionDefault="all"
            campusScoped
          />
          <FeeHeadFilter value={search.feeHeadId} onChange={setSearch} screen="/head-wise-ledger" />
        </div>
        <LedgerAgreementMark agreement={data.agreement} account={t`Fee receivable`} />

        <div ref={wrap} className="table-wrap sticky-table">
          <table ref={table} className="table" data-testid="head-ledger">
            <caption className="visually-hidden">
              <Trans>Figures by fee head</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Fee head</Trans>
                </th>
                {headLedgerFigures.map((figure) => (
                  <th key={figure} scope="col" className="amount">
                    {i18n._(figureLabels[figure])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.data.map((row) => (
                <tr key={row.feeHeadId}>
                  <th scope="row">{row.feeHeadName}</th>
                  {headLedgerFigures.map((figure) => figureCell(row, figure))}
                </tr>
              ))}
              {data.data.length === 0 && (
                <tr>
                  <td colSpan={headLedgerFigures.length + 1} className="muted">
                    <Trans>Nothing was owed or moved in this period.</Trans>
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr data-testid="head-ledger-totals">
                <th scope="row">
                  <Trans>Total</Trans>
                </th>
                {headLedgerFigures.map((figure) => figureCell(data.totals, figure))}
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      {lines && (
        <HeadLedgerLines
          query={lines}
          headName={drilled?.feeHeadName ?? ''}
          onPage={onSearchChange}
          onClose={() => onSearchChange({ feeHeadId: undefined, figure: undefined, page: 1 })}
        />
      )}
    </div>
  )
}
