import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useId, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { useAbility } from '../../lib/ability.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { calendarQuery, useChartAccounts } from './queries.ts'
import { LedgerTable } from './LedgerTable.tsx'
import { ledgerPeriod, type LedgerSearch } from './search.ts'
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
