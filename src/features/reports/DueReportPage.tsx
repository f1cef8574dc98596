import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { FeeHeadFilter } from '../../components/filters/FeeHeadFilter.tsx'
import { PlacementFilters } from '../../components/filters/PlacementFilters.tsx'
import { AsOfFilter } from '../../components/report/AsOfFilter.tsx'
import { LedgerAgreementMark } from '../../components/report/LedgerAgreementMark.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { ReportTable } from '../../components/report/ReportTable.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { dayDate } from '../../lib/dates.ts'
import { feeHeadsQuery } from '../../lib/fee-heads.ts'
import { useFormat } from '../../lib/format.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { useMoney } from '../../lib/use-money.ts'
import { agingBucketNames } from '../../shared/messages/aging-buckets.ts'
import { agingBuckets } from '../../shared/schemas/reports.ts'
import type { DueReportQuery } from '../../shared/schemas/report-search.ts'
import { useExportReport } from './mutations.ts'
import { dueFinesQuery, dueReportQuery } from './queries.ts'

type SearchChange = (next: Partial<DueReportQuery>) => void

/** "Families owing more than": typed in the currency, applied on Enter or on leaving the box. */
function FamilyOwesFilter({ value, onChange }: { value?: number; onChange: SearchChange }) {
  const { t } = useLingui()
  const money = useMoney()
  const shownValue = value === undefined ? '' : money.toInput(value)
  const [text, setText] = useState(shownValue)
  const [shown, setShown] = useState(shownValue)
  if (shown !== shownValue) {
    setShown(shownValue)
    setText(shownValue)
  }
  const parsed = money.parse(text)
  const currency = money.currency
  const apply = () => {
    if (parsed === undefined) return
    onChange({ familyOwesOver: text.trim() === '' ? undefined : parsed })
  }
  return (
    <label>
      <Trans>Families owing more than</Trans>{' '}
      <input
        inputMode="decimal"
        className="amount-input"
        value={text}
        aria-invalid={parsed === undefined || undefined}
        title={parsed === undefined ? t`Not an amount in ${currency}.` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => e.key === 'Enter' && apply()}
      />
    </label>
  )
}

/** The fine accrued on every line the filters keep: read apart, it comes a moment later. */
function FineTotal({ search }: { search: DueReportQuery }) {
  const money = useMoney()
  const fines = useQuery(dueFinesQuery(search))
  if (fines.data) return money.format(fines.data.fineMinor)
  return fines.isError ? <Trans>Not available</Trans> : <Trans>Computing…</Trans>
}

/**
 * /due-report: what is owed as of a day, line by line (student, head, period), its fine apart,
 * with aging, totals of every page and its check against the Fee receivable account; the list
 * a cashier or class teacher calls from (guardians' phones for those who may read students).
 */
export function DueReportPage({
  search,
  onSearchChange,
}: {
  search: DueReportQuery
  onSearchChange: SearchChange
}): ReactElement {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(dueReportQuery(search))
  const heads = useSuspenseQuery(feeHeadsQuery('/due-report')).data.data
  const money = useMoney()
  const { date } = useFormat()
  const ability = useAbility()
  const exporting = useExportReport('due')
  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'student',
  })
  const day = date(dayDate(data.asOf), 'long')
  const canOpenStudents = ability.can('read', 'students')
  const canOpenInvoices = ability.can('read', 'group-invoice')
  const headName = heads.find((h) => h.id === search.feeHeadId)?.name
  const family = [...new Set(data.data.map((row) => row.fullName))].sort().join(', ')

  return (
    <div className="page due-report">
      <PrintHeader
        filters={[
          { label: <Trans>As of</Trans>, value: day },
          ...(headName ? [{ label: <Trans>Fee head</Trans>, value: headName }] : []),
          ...(search.familyOf ? [{ label: <Trans>Family</Trans>, value: family }] : []),
        ]}
      />
      <PageHeader
        title={<Trans>Due report</Trans>}
        subtitle={
          <Trans>
            What is owed as of {day}, line by line: the fee still due and, apart, the fine accrued
            to that day (not in the ledger until it is paid).
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
          <AsOfFilter value={search.asOf ?? data.asOf} onChange={(asOf) => setSearch({ asOf })} />
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search students`} />
          <PlacementFilters
            search={search}
            onChange={setSearch}
            screen="/due-report"
            sessionDefault="all"
            campusScoped
          />
          <FeeHeadFilter value={search.feeHeadId} onChange={setSearch} screen="/due-report" />
          <FamilyOwesFilter value={search.familyOwesOver} onChange={setSearch} />
          {search.familyOf && (
            <span>
              <Trans>One family: {family}</Trans>{' '}
              <button
                type="button"
                className="button"
                onClick={() => setSearch({ familyOf: undefined })}
              >
                <Trans>Show every family</Trans>
              </button>
            </span>
          )}
        </div>

        <dl className="report-totals" data-testid="due-totals">
          <div>
            <dt>
              <Trans>Due</Trans>
            </dt>
            <dd data-testid="due-total">{money.format(data.totals.principalMinor)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Fine accrued</Trans>
            </dt>
            <dd data-testid="fine-total">
              <FineTotal search={search} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Students</Trans>
            </dt>
            <dd>{data.totals.students}</dd>
          </div>
          {agingBuckets.map((bucket) => (
            <div key={bucket}>
              <dt>{i18n._(agingBucketNames[bucket])}</dt>
              <dd>{money.format(data.totals.buckets[bucket])}</dd>
            </div>
          ))}
        </dl>
        <LedgerAgreementMark agreement={data.agreement} account={t`Fee receivable`} />

        <ReportTable
          report="due"
          empty={<Trans>Nothing is owed as of this day for these filters.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          rows={data.data}
          rowKey={(row) => row.lineId}
          columns={[
            {
              id: 'student',
              label: t`Student`,
              sort: 'student',
              cell: (row) => (
                <>
                  {canOpenStudents ? (
                    <Link to="/students/$studentId" params={{ studentId: row.studentId }}>
                      {row.fullName}
                    </Link>
                  ) : (
                    row.fullName
                  )}
                  <small className="muted block">{row.studentCode}</small>
                </>
              ),
            },
            {
              id: 'placement',
              label: t`Class · section · roll`,
              cell: (row) =>
                [row.className, row.sectionName, row.roll?.toString()].filter(Boolean).join(' · '),
            },
            data.guardianPhones && {
              id: 'guardianPhone',
              label: t`Guardian’s phone`,
              cell: (row) => row.guardianPhone,
            },
            {
              id: 'feeHead',
              label: t`Fee head`,
              cell: (row) => (
                <>
                  {row.feeHeadName}
                  {row.periodName && <small className="muted block">{row.periodName}</small>}
                </>
              ),
            },
            {
              id: 'invoice',
              label: t`Invoice`,
              cell: (row) =>
                canOpenInvoices ? (
                  <Link to="/invoices/$invoiceId" params={{ invoiceId: row.invoiceId }}>
                    {row.invoiceNumber}
                  </Link>
                ) : (
                  row.invoiceNumber
                ),
            },
            {
              id: 'dueDate',
              label: t`Due date`,
              sort: 'dueDate',
              cell: (row) => date(dayDate(row.dueDate), 'medium'),
            },
            {
              id: 'overdue',
              label: t`Overdue`,
              cell: (row) => i18n._(agingBucketNames[row.bucket]),
            },
            {
              id: 'due',
              label: t`Due`,
              sort: 'principal',
              amount: true,
              cell: (row) => money.format(row.principalMinor),
            },
            {
              id: 'fine',
              label: t`Fine accrued`,
              amount: true,
              cell: (row) => (row.fineMinor ? money.format(row.fineMinor) : ''),
            },
          ]}
          totals={[
            {
              label: t`Total, every page`,
              figures: {
                due: money.format(data.totals.principalMinor),
                fine: <FineTotal search={search} />,
              },
            },
          ]}
        />
      </section>
    </div>
  )
}
