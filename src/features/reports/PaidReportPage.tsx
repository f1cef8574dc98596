import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { FeeHeadFilter } from '../../components/filters/FeeHeadFilter.tsx'
import { PlacementFilters } from '../../components/filters/PlacementFilters.tsx'
import { LedgerAgreementMark } from '../../components/report/LedgerAgreementMark.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { ReportTable } from '../../components/report/ReportTable.tsx'
import { DateRangeFilter } from '../../components/table/DateRangeFilter.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { useMoney } from '../../lib/use-money.ts'
import { reportColumns } from '../../shared/messages/report-files.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'
import { tenderMethods, type TenderMethod } from '../../shared/schemas/collection-search.ts'
import type { PaidGroup, PaidReport } from '../../shared/schemas/reports.ts'
import {
  paidGroupings,
  paidStatuses,
  type PaidGrouping,
  type PaidReportQuery,
} from '../../shared/schemas/report-search.ts'
import { useExportReport } from './mutations.ts'
import { paidReportQuery } from './queries.ts'

type SearchChange = (next: Partial<PaidReportQuery>) => void

const groupingLabels: Record<PaidGrouping, MessageDescriptor> = {
  day: msg`Day`,
  class: msg`Class`,
  head: msg`Fee head`,
  method: msg`Payment method`,
  cashier: msg`Cashier`,
}

const statusLabels: Record<(typeof paidStatuses)[number], MessageDescriptor> = {
  issued: reportColumns.issued,
  cancelled: reportColumns.cancelled,
}

/** What a group of the report is, in the reader's language. */
function useGroupLabel(groupBy: PaidGrouping) {
  const { t, i18n } = useLingui()
  const { date } = useFormat()
  return (group: PaidGroup) => {
    if (groupBy === 'day') return date(dayDate(group.key), 'medium')
    if (groupBy === 'method') return i18n._(tenderMethodLabels[group.key as TenderMethod])
    return group.label || (groupBy === 'class' ? t`Not in a class` : t`Nobody`)
  }
}

/** The report's filters beyond the period, placement and search: head, method, cashier, status, grouping. */
function PaidFilters({
  search,
  data,
  onChange,
}: {
  search: PaidReportQuery
  data: PaidReport
  onChange: SearchChange
}) {
  const { t, i18n } = useLingui()
  return (
    <>
      <FeeHeadFilter value={search.feeHeadId} onChange={onChange} screen="/paid-report" />
      <label>
        <Trans>Payment method</Trans>{' '}
        <select
          value={search.method ?? ''}
          onChange={(e) =>
            onChange({ method: (e.target.value || undefined) as TenderMethod | undefined })
          }
        >
          <option value="">{t`All methods`}</option>
          {tenderMethods.map((method) => (
            <option key={method} value={method}>
              {i18n._(tenderMethodLabels[method])}
            </option>
          ))}
        </select>
      </label>
      <label>
        <Trans>Cashier</Trans>{' '}
        <select
          value={search.cashierId ?? ''}
          onChange={(e) => onChange({ cashierId: e.target.value || undefined })}
        >
          <option value="">{t`All cashiers`}</option>
          {data.cashiers.map((cashier) => (
            <option key={cashier.id} value={cashier.id}>
              {cashier.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <Trans>Receipts</Trans>{' '}
        <select
          value={search.status ?? ''}
          onChange={(e) =>
            onChange({
              status: (e.target.value || undefined) as PaidReportQuery['status'],
            })
          }
        >
          <option value="">{t`Issued and cancelled`}</option>
          {paidStatuses.map((status) => (
            <option key={status} value={status}>
              {i18n._(statusLabels[status])}
            </option>
          ))}
        </select>
      </label>
      <label>
        <Trans>Group by</Trans>{' '}
        <select
          value={search.groupBy}
          onChange={(e) => onChange({ groupBy: e.target.value as PaidGrouping })}
        >
          {paidGroupings.map((grouping) => (
            <option key={grouping} value={grouping}>
              {i18n._(groupingLabels[grouping])}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}

/**
 * /paid-report: the receipts of a period, with how their money came (the counter's tenders,
 * or a student's advance), grouped by day, class, head, method or cashier with totals, checked
 * against the money the ledger received; each receipt opens at the counter.
 */
export function PaidReportPage({
  search,
  onSearchChange,
}: {
  search: PaidReportQuery
  onSearchChange: SearchChange
}): ReactElement {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(paidReportQuery(search))
  const money = useMoney()
  const { date } = useFormat()
  const ability = useAbility()
  const exporting = useExportReport('paid')
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'receivedOn',
  })
  const groupLabel = useGroupLabel(data.groupBy)
  const from = date(dayDate(data.from), 'long')
  const to = date(dayDate(data.to), 'long')
  const canOpenReceipts = ability.can('read', 'payment-collection')
  const grouping = i18n._(groupingLabels[data.groupBy])

  return (
    <div className="page paid-report">
      <PrintHeader
        filters={[
          { label: <Trans>From</Trans>, value: from },
          { label: <Trans>To</Trans>, value: to },
          { label: <Trans>Group by</Trans>, value: grouping },
        ]}
      />
      <PageHeader
        title={<Trans>Paid report</Trans>}
        subtitle={
          <Trans>
            Receipts from {from} to {to}: the money taken at the counter and what was paid from
            students’ advances, each shown as what it is; cancelled receipts are money handed back.
          </Trans>
        }
        actions={
          <ReportActions
            empty={data.total === 0}
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
            onChange={setSearch}
          />
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search receipts`} />
          <PlacementFilters
            search={search}
            onChange={setSearch}
            screen="/paid-report"
            sessionDefault="current"
            campusScoped
          />
          <PaidFilters search={search} data={data} onChange={setSearch} />
        </div>

        <dl className="report-totals" data-testid="paid-totals">
          <div>
            <dt>
              <Trans>Money received</Trans>
            </dt>
            <dd data-testid="received-total">{money.format(data.totals.receivedMinor)}</dd>
          </div>
          <div>
            <dt>
              <Trans>From advances</Trans>
            </dt>
            <dd data-testid="advance-total">{money.format(data.totals.advanceMinor)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Cancelled (handed back)</Trans>
            </dt>
            <dd data-testid="cancelled-total">{money.format(data.totals.cancelledMinor)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Receipts</Trans>
            </dt>
            <dd>{data.totals.receipts}</dd>
          </div>
        </dl>
        <LedgerAgreementMark agreement={data.agreement} account={t`receipt vouchers`} />

        <div className="table-wrap">
          <table className="table" data-testid="paid-groups">
            <caption className="visually-hidden">
              <Trans>Totals by {grouping}</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{grouping}</th>
                <th scope="col" className="amount">
                  <Trans>Receipts</Trans>
                </th>
                <th scope="col" className="amount">
                  {data.groupBy === 'head' ? <Trans>Paid</Trans> : <Trans>Money received</Trans>}
                </th>
                <th scope="col" className="amount">
                  <Trans>From advances</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.groups.map((group) => (
                <tr key={group.key}>
                  <th scope="row">{groupLabel(group)}</th>
                  <td className="amount">{group.receipts}</td>
                  <td className="amount">{money.format(group.amountMinor)}</td>
                  <td className="amount">
                    {group.advanceMinor ? money.format(group.advanceMinor) : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <ReportTable
          report="paid"
          empty={<Trans>No receipt matches in this period.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          rows={data.data}
          rowKey={(row) => row.paymentId}
          rowClass={(row) => (row.status === 'cancelled' ? 'inactive' : undefined)}
          columns={[
            {
              id: 'receipt',
              label: t`Receipt`,
              sort: 'number',
              cell: (row) =>
                canOpenReceipts ? (
                  <Link to="/payment-collection" search={{ receiptId: row.paymentId }}>
                    {row.number}
                  </Link>
                ) : (
                  row.number
                ),
            },
            {
              id: 'receivedOn',
              label: t`Received on`,
              sort: 'receivedOn',
              cell: (row) => date(dayDate(row.receivedOn), 'medium'),
            },
            {
              id: 'payer',
              label: t`Paid by`,
              cell: (row) => (
                <>
                  {row.payerName}
                  {row.studentCode && <small className="muted block">{row.studentCode}</small>}
                </>
              ),
            },
            { id: 'class', label: t`Class`, cell: (row) => row.className },
            { id: 'cashier', label: t`Cashier`, cell: (row) => row.cashierName },
            {
              id: 'how',
              label: t`How`,
              cell: (row) =>
                row.kind === 'advance' ? (
                  <Trans>From the advance</Trans>
                ) : (
                  row.methods.map((m) => i18n._(tenderMethodLabels[m])).join(', ')
                ),
            },
            {
              id: 'amount',
              label: t`Amount`,
              sort: 'amount',
              amount: true,
              cell: (row) => money.format(row.receivedMinor + row.advanceMinor),
            },
            {
              id: 'status',
              label: t`Status`,
              cell: (row) => (
                <span className={row.status === 'cancelled' ? 'badge badge-danger' : 'badge'}>
                  {i18n._(statusLabels[row.status])}
                </span>
              ),
            },
          ]}
          totals={[
            {
              label: t`Receipts that stand, every page`,
              figures: {
                amount: money.format(data.totals.receivedMinor + data.totals.advanceMinor),
              },
            },
            ...(data.totals.cancelledMinor
              ? [
                  {
                    label: t`Cancelled (handed back), every page`,
                    figures: { amount: money.format(data.totals.cancelledMinor) },
                  },
                ]
              : []),
          ]}
        />
      </section>
    </div>
  )
}
