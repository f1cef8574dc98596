import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { useAbility } from '../../lib/ability.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useReportExport } from '../../lib/report-export.ts'
import type { DayPageSearch } from '../../shared/schemas/collection-search.ts'
import { CloseDayForm } from './CloseDayForm.tsx'
import { ClosingFacts } from './DayClosing.tsx'
import { DayFigures } from './DayFigures.tsx'
import { PendingDifferences } from './DayPendingDifferences.tsx'
import { CancelledHere, DayReceipts } from './DayReceipts.tsx'
import { cashierDayQuery } from './queries.ts'
import './collection.css'

/**
 * /payment-collection/day: what a cashier took in a day, by method, every receipt (cancelled
 * ones marked, their cash a line of its own), the cash the drawer should hold; closing today
 * records the counted cash (the difference kept) and takes cash to the bank, after a
 * confirmation; a difference over the institute's amount needs a reason and waits for a second
 * user's approval. Supervisors look at any cashier's day, those who may approve see the
 * differences waiting, and those who may reopen today's closing do. Printed, it is the day's
 * summary.
 */
export function DayPage({
  search,
  onSearch,
}: {
  search: DayPageSearch
  onSearch: (search: DayPageSearch) => void
}): ReactElement {
  const { t } = useLingui()
  const { date } = useFormat()
  const ability = useAbility()
  const { data: day } = useSuspenseQuery(cashierDayQuery(search))
  const exporting = useReportExport('collection/days')
  const supervisor = ability.can('read', 'receipt-cancel')
  const own = day.own
  const name = day.cashierName
  const when = date(dayDate(day.day), 'long')
  return (
    <div className="page counter-page">
      <PageHeader
        back={
          <Link to="/payment-collection">
            <Trans>Counter collection</Trans>
          </Link>
        }
        title={<Trans>Day of {name}</Trans>}
        subtitle={when}
        actions={
          <ReportActions
            empty={day.receipts.length === 0}
            exporting={exporting.isPending}
            onExport={(format) =>
              exporting.mutate({ format, search: { day: day.day, cashierId: day.cashierId } })
            }
          />
        }
      />
      <PrintHeader
        filters={[
          { label: t`Cashier`, value: name },
          { label: t`Day`, value: when },
        ]}
      />
      {day.pendingDifferences.length > 0 && (
        <div className="no-print">
          <PendingDifferences day={day} onSearch={onSearch} />
        </div>
      )}
      {supervisor && day.cashiers.length > 0 && (
        <div className="field counter-day-cashier no-print">
          <label htmlFor="day-cashier">
            <Trans>Cashier</Trans>
          </label>
          <select
            id="day-cashier"
            value={day.cashierId}
            onChange={(e) => onSearch({ ...search, cashierId: e.target.value })}
          >
            {[{ id: day.cashierId, name: day.cashierName }, ...day.cashiers]
              .filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </div>
      )}
      <DayFigures day={day} />
      <DayReceipts day={day} />
      {day.cancelledHere.length > 0 && <CancelledHere day={day} />}
      {day.closing ? (
        <ClosingFacts
          day={day}
          mayApprove={!own && ability.can('update', 'receipt-cancel')}
          mayReopen={ability.can('create', 'day-reopen')}
        />
      ) : (
        own && (
          <div className="no-print">
            <CloseDayForm
              bankAccounts={day.bankAccounts}
              expectedMinor={day.expectedCashMinor}
              approvalAboveMinor={day.differenceApprovalAboveMinor}
            />
          </div>
        )
      )}
      {!day.closing && !own && (
        <p className="muted">
          <Trans>Not closed yet.</Trans>
        </p>
      )}
    </div>
  )
}
