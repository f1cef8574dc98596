import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { FeeHeadFilter } from '../../components/filters/FeeHeadFilter.tsx'
import { PlacementFilters } from '../../components/filters/PlacementFilters.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { DateRangeFilter } from '../../components/table/DateRangeFilter.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import { reportColumns } from '../../shared/messages/report-files.ts'
import {
  headSummaryAxes,
  headSummaryMeasures,
  type HeadSummariesQuery,
  type HeadSummaryAxis,
  type HeadSummaryMeasure,
} from '../../shared/schemas/report-search.ts'
import { useExportReport } from './mutations.ts'
import { headSummariesQuery } from './queries.ts'

type SearchChange = (next: Partial<HeadSummariesQuery>) => void

const axisLabels: Record<HeadSummaryAxis, MessageDescriptor> = {
  class: msg`Head × class`,
  month: msg`Head × month`,
}

const measureLabels: Record<HeadSummaryMeasure, MessageDescriptor> = {
  billed: msg`Billed (net)`,
  collected: msg`Collected`,
  due: msg`Due at the end`,
}

/**
 * /head-wise-summaries: a matrix of fee heads by class or by month of what was billed (net of
 * concessions and cancellations, VAT added), collected (less receipts cancelled) or is due at
 * the period's end (by month: the month it fell due), with row and column totals.
 */
export function HeadSummariesPage({
  search,
  onSearchChange,
}: {
  search: HeadSummariesQuery
  onSearchChange: SearchChange
}): ReactElement {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(headSummariesQuery(search))
  const money = useMoney()
  const { date } = useFormat()
  const exporting = useExportReport('head-summaries')
  const from = date(dayDate(data.from), 'long')
  const to = date(dayDate(data.to), 'long')
  const axis = i18n._(axisLabels[data.by])
  const measure = i18n._(measureLabels[data.measure])
  const monthName = new Intl.DateTimeFormat(i18n.locale, {
    year: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  const columnName = (column: { key: string; label: string }) =>
    data.by === 'month'
      ? monthName.format(new Date(`${column.key}-01T00:00:00Z`))
      : column.label || i18n._(reportColumns.notInClass)

  return (
    <div className="page head-summaries">
      <PrintHeader
        filters={[
          { label: <Trans>From</Trans>, value: from },
          { label: <Trans>To</Trans>, value: to },
          { label: <Trans>Matrix</Trans>, value: axis },
          { label: <Trans>Measure</Trans>, value: measure },
        ]}
      />
      <PageHeader
        title={<Trans>Head-wise summaries</Trans>}
        subtitle={
          <Trans>
            From {from} to {to}. Billed is what invoices asked, less concessions and cancelled
            invoices; collected is less cancelled receipts; due is what is owed at the end (by
            month, the month it fell due).
          </Trans>
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
          <label>
            <Trans>Matrix</Trans>{' '}
            <select
              value={data.by}
              onChange={(e) => onSearchChange({ by: e.target.value as HeadSummaryAxis })}
            >
              {headSummaryAxes.map((by) => (
                <option key={by} value={by}>
                  {i18n._(axisLabels[by])}
                </option>
              ))}
            </select>
          </label>
          <label>
            <Trans>Measure</Trans>{' '}
            <select
              value={data.measure}
              onChange={(e) => onSearchChange({ measure: e.target.value as HeadSummaryMeasure })}
            >
              {headSummaryMeasures.map((m) => (
                <option key={m} value={m}>
                  {i18n._(measureLabels[m])}
                </option>
              ))}
            </select>
          </label>
          <DateRangeFilter
            from={search.from ?? data.from}
            to={search.to ?? data.to}
            onChange={onSearchChange}
          />
          <PlacementFilters
            search={search}
            onChange={onSearchChange}
            screen="/head-wise-summaries"
            sessionDefault="all"
            campusScoped
          />
          <FeeHeadFilter
            value={search.feeHeadId}
            onChange={onSearchChange}
            screen="/head-wise-summaries"
          />
        </div>

        {/* A matrix scrolls sideways: reachable by the keyboard. */}
        <div className="table-wrap" tabIndex={0}>
          <table className="table" data-testid="head-summaries">
            <caption className="visually-hidden">
              <Trans>
                {measure}, {axis}
              </Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Fee head</Trans>
                </th>
                {data.columns.map((column) => (
                  <th key={column.key} scope="col" className="amount">
                    {columnName(column)}
                  </th>
                ))}
                <th scope="col" className="amount">
                  <Trans>Total</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.feeHeadId}>
                  <th scope="row">{row.feeHeadName}</th>
                  {row.cells.map((cell, i) => (
                    <td key={data.columns[i]!.key} className="amount">
                      {cell ? money.format(cell) : ''}
                    </td>
                  ))}
                  <td className="amount">{money.format(row.totalMinor)}</td>
                </tr>
              ))}
              {data.rows.length === 0 && (
                <tr>
                  <td colSpan={data.columns.length + 2} className="muted">
                    <Trans>Nothing to show for this period.</Trans>
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr data-testid="head-summaries-totals">
                <th scope="row">
                  <Trans>Total</Trans>
                </th>
                {data.columnTotals.map((total, i) => (
                  <td key={data.columns[i]!.key} className="amount">
                    {money.format(total)}
                  </td>
                ))}
                <td className="amount">{money.format(data.totalMinor)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
    </div>
  )
}
