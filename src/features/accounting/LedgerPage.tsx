import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useStickyTotals } from '../../components/table/use-sticky-totals.ts'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { dayDate } from '../../lib/dates.ts'
import type { LedgerQuery } from '../../shared/schemas/accounting.ts'
import { calendarQuery, ledgerQuery, useChartAccounts } from './queries.ts'
import { ledgerPeriod, type LedgerSearch } from './search.ts'
import { useMoney } from '../../lib/use-money.ts'
import { useReportExport } from '../../lib/report-export.ts'
import { usePeriodText } from './use-period-text.ts'

/** /vouchers/ledger: one account's postings over a period, with the running balance. */
export function LedgerPage({
  search,
  onSearchChange,
}: {
  search: LedgerSearch
  onSearchChange: (next: Partial<LedgerSearch>) => void
}): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const accountId = useId()
  const { accounts, allowed } = useChartAccounts(ability.can('read', 'coa'))
  const { data: calendar } = useSuspenseQuery(calendarQuery())
  const { from, to } = ledgerPeriod(search, calendar)
  const period = usePeriodText(from, to)
  const chosen = accounts.find((a) => a.id === search.accountId)
  // Postings sit on leaves only: a head has no ledger of its own.
  const leaves = accounts.filter((a) => a.isLeaf && a.level > 1)
  const exporting = useReportExport('accounting/ledger')
  const badPeriod = from > to ? t`The end is before the start.` : undefined
  const query =
    search.accountId && !badPeriod ? { accountId: search.accountId, from, to } : undefined

  return (
    <div className="page">
      <PrintHeader
        filters={[
          {
            label: <Trans>Account</Trans>,
            value: chosen ? `${chosen.glCode} · ${chosen.name}` : t`None chosen`,
          },
          { label: <Trans>Period</Trans>, value: period },
        ]}
      />
      <PageHeader
        title={<Trans>General ledger</Trans>}
        subtitle={
          <Trans>
            An account’s postings in a period: the balance brought forward, every line with the
            running balance, and the balance carried forward.
          </Trans>
        }
        // Not `query && …`: with no account chosen the header keeps its actions layout.
        actions={
          query !== undefined && (
            <ReportActions
              empty={false}
              exporting={exporting.isPending}
              onExport={(format) => exporting.mutate({ format, search: query })}
            />
          )
        }
      />
      <section className="card">
        <div className="toolbar no-print">
          {allowed ? (
            <label htmlFor={accountId}>
              <Trans>Account</Trans>{' '}
              <AccountSelect
                id={accountId}
                accounts={leaves}
                value={search.accountId ?? ''}
                onChange={(id) => onSearchChange({ accountId: id || undefined })}
                placeholder={t`Choose an account`}
              />
            </label>
          ) : (
            <p className="notice">
              <Trans>
                Choosing an account needs permission to view the chart of accounts; ask an
                administrator.
              </Trans>
            </p>
          )}
          <label>
            <Trans>From</Trans>{' '}
            <input
              type="date"
              value={from}
              onChange={(e) => onSearchChange({ from: e.target.value || undefined })}
            />
          </label>
          <label>
            <Trans>To</Trans>{' '}
            <input
              type="date"
              value={to}
              onChange={(e) => onSearchChange({ to: e.target.value || undefined })}
            />
          </label>
        </div>
        {badPeriod && (
          <p className="field-error" role="alert">
            {badPeriod}
          </p>
        )}
        {query ? (
          <LedgerTable query={query} />
        ) : (
          !badPeriod && (
            <p className="muted">
              <Trans>Choose an account to see its ledger.</Trans>
            </p>
          )
        )}
      </section>
    </div>
  )
}

function LedgerTable({ query }: { query: LedgerQuery }) {
  const { date } = useFormat()
  const money = useMoney()
  const { data } = useSuspenseQuery(ledgerQuery(query))
  const { wrap, table } = useStackedTable()
  useStickyTotals(table)
  const name = data.account.name
  const code = data.account.glCode
  const from = date(dayDate(data.from), 'medium')
  const to = date(dayDate(data.to), 'medium')
  const totalDebit = data.lines.reduce((sum, l) => sum + l.debit, 0)
  const totalCredit = data.lines.reduce((sum, l) => sum + l.credit, 0)
  return (
    <>
      <h2 className="ledger-title">
        <Trans>
          {code} {name}, {from} to {to}
        </Trans>
      </h2>
      <div ref={wrap} className="table-wrap sticky-table">
        <table ref={table} className="table ledger">
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>Date</Trans> },
                { label: <Trans>Reference</Trans> },
                { label: <Trans>Narration</Trans> },
                'debit',
                'credit',
                { label: <Trans>Balance</Trans>, amount: true },
              ]}
            />
          </thead>
          <tbody>
            <tr className="ledger-opening">
              <th scope="row" colSpan={5}>
                <Trans>Opening balance</Trans>
              </th>
              <td className="amount" data-testid="ledger-opening">
                {money.balance(data.opening)}
              </td>
            </tr>
            {data.lines.map((line, i) => (
              <tr key={`${line.voucherId}-${i}`}>
                <td>{date(dayDate(line.date), 'medium')}</td>
                <td>
                  <Link to="/vouchers/$voucherId" params={{ voucherId: line.voucherId }}>
                    {line.reference}
                  </Link>
                </td>
                <td>
                  {line.narration}
                  {line.memo && <small className="muted block">{line.memo}</small>}
                </td>
                <td className="amount">{line.debit ? money.format(line.debit) : ''}</td>
                <td className="amount">{line.credit ? money.format(line.credit) : ''}</td>
                <td className="amount">{money.balance(line.balance)}</td>
              </tr>
            ))}
            {data.lines.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  <Trans>Nothing was posted to this account in the period.</Trans>
                </td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                <Trans>Total in the period</Trans>
              </th>
              <td className="amount">{money.format(totalDebit)}</td>
              <td className="amount">{money.format(totalCredit)}</td>
              <td />
            </tr>
            <tr className="ledger-closing">
              <th scope="row" colSpan={5}>
                <Trans>Closing balance</Trans>
              </th>
              <td className="amount" data-testid="ledger-closing">
                {money.balance(data.closing)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  )
}
