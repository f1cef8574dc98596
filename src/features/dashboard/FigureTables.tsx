import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Children, type ReactNode } from 'react'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { useMoney } from '../../lib/use-money.ts'
import { dateTimeFormat } from '../../shared/intl-formats.ts'
import { agingBucketNames } from '../../shared/messages/aging-buckets.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'
import type { Dashboard } from '../../shared/schemas/report-dashboard.ts'
import { agingBuckets } from '../../shared/schemas/reports.ts'

/*
 * The dashboards' figures as tables: the plain view (/old-dashboard) and every chart's table
 * view (/dashboard/analytics), each row opening the report it sums up.
 */

type Tiles = NonNullable<Dashboard['trend']>

/** A month (YYYY-MM) as the user's language names it ("Dec 2026"). */
export function useMonthName() {
  const { i18n } = useLingui()
  return (month: string) =>
    dateTimeFormat(i18n.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    )
}

function FigureTable({
  caption,
  head,
  children,
}: {
  caption: ReactNode
  head: ReactNode[]
  children: ReactNode
}) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, i) => (
              <th key={i} scope="col" className={i > 0 ? 'amount' : undefined}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Children.count(children) === 0 ? (
            <tr>
              <td colSpan={head.length} className="muted">
                <Trans>Nothing to show for this day.</Trans>
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  )
}

export function TrendTable({ caption, trend }: { caption: ReactNode; trend: Tiles }) {
  const money = useMoney()
  const monthName = useMonthName()
  return (
    <FigureTable
      caption={caption}
      head={[<Trans>Month</Trans>, <Trans>Collected</Trans>, <Trans>Billed</Trans>]}
    >
      {trend.map((m) => (
        <tr key={m.month}>
          <th scope="row">
            <Link to="/paid-report" search={{ from: m.from, to: m.to, groupBy: 'day' }}>
              {monthName(m.month)}
            </Link>
          </th>
          <td className="amount">{money.format(m.collectedMinor)}</td>
          <td className="amount">{money.format(m.billedMinor)}</td>
        </tr>
      ))}
    </FigureTable>
  )
}

export function ClassDuesTable({
  caption,
  rows,
  asOf,
}: {
  caption: ReactNode
  rows: NonNullable<Dashboard['duesByClass']>
  asOf?: string
}) {
  const money = useMoney()
  const { number } = useFormat()
  const { t } = useLingui()
  return (
    <FigureTable
      caption={caption}
      head={[<Trans>Class</Trans>, <Trans>Students</Trans>, <Trans>Due</Trans>]}
    >
      {rows.map((c) => (
        <tr key={c.classId ?? ''}>
          <th scope="row">
            {c.classId ? (
              <Link to="/due-report" search={{ classId: c.classId, asOf }}>
                {c.className}
              </Link>
            ) : (
              t`No class`
            )}
          </th>
          <td className="amount">{number(c.students)}</td>
          <td className="amount">{money.format(c.principalMinor)}</td>
        </tr>
      ))}
    </FigureTable>
  )
}

export function AgingTable({
  caption,
  aging,
}: {
  caption: ReactNode
  aging: NonNullable<Dashboard['aging']>
}) {
  const money = useMoney()
  const { i18n } = useLingui()
  return (
    <FigureTable caption={caption} head={[<Trans>Overdue</Trans>, <Trans>Due</Trans>]}>
      {agingBuckets.map((bucket) => (
        <tr key={bucket}>
          <th scope="row">{i18n._(agingBucketNames[bucket])}</th>
          <td className="amount">{money.format(aging[bucket])}</td>
        </tr>
      ))}
    </FigureTable>
  )
}

export function MethodTable({
  caption,
  rows,
  from,
  to,
}: {
  caption: ReactNode
  rows: NonNullable<Dashboard['receiptsByMethod']>
  from: string
  to: string
}) {
  const money = useMoney()
  const { number } = useFormat()
  const { i18n } = useLingui()
  return (
    <FigureTable
      caption={caption}
      head={[<Trans>Method</Trans>, <Trans>Receipts</Trans>, <Trans>Amount</Trans>]}
    >
      {rows.map((m) => (
        <tr key={m.method}>
          <th scope="row">
            <Link to="/paid-report" search={{ from, to, method: m.method, groupBy: 'method' }}>
              {i18n._(tenderMethodLabels[m.method])}
            </Link>
          </th>
          <td className="amount">{number(m.receipts)}</td>
          <td className="amount">{money.format(m.amountMinor)}</td>
        </tr>
      ))}
    </FigureTable>
  )
}

export function FamiliesTable({
  caption,
  families,
  asOf,
}: {
  caption: ReactNode
  families: NonNullable<Dashboard['topFamilies']>
  asOf?: string
}) {
  const money = useMoney()
  const { t } = useLingui()
  return (
    <FigureTable caption={caption} head={[<Trans>Family</Trans>, <Trans>Overdue</Trans>]}>
      {families.map((family) => {
        const { id, name } = family.students[0]!
        const overdue = money.format(family.overdueMinor)
        return (
          <tr key={id}>
            <th scope="row">
              {family.students.map((s, i) => (
                <span key={s.id}>
                  {i > 0 && ', '}
                  <Link to="/due-report" search={{ q: s.studentCode, asOf }}>
                    {s.name}
                  </Link>
                </span>
              ))}
            </th>
            <td className="amount">
              <Link
                to="/due-report"
                search={{ familyOf: id, asOf }}
                // The amount shown starts its name (WCAG 2.5.3), then whose it is.
                aria-label={`${overdue} ${t`What the family of ${name} owes`}`}
              >
                {overdue}
              </Link>
            </td>
          </tr>
        )
      })}
    </FigureTable>
  )
}

export function VouchersTable({
  caption,
  vouchers,
}: {
  caption: ReactNode
  vouchers: NonNullable<Dashboard['latestVouchers']>
}) {
  const money = useMoney()
  const { date } = useFormat()
  return (
    <FigureTable caption={caption} head={[<Trans>Voucher</Trans>, <Trans>Amount</Trans>]}>
      {vouchers.map((voucher) => (
        <tr key={voucher.id}>
          <th scope="row">
            <Link to="/vouchers/$voucherId" params={{ voucherId: voucher.id }}>
              {voucher.reference}
            </Link>
            <small className="muted block">
              {date(dayDate(voucher.date), 'medium')} · {voucher.narration}
            </small>
          </th>
          <td className="amount">{money.format(voucher.total)}</td>
        </tr>
      ))}
    </FigureTable>
  )
}
