import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../../components/table/use-stacked-table.ts'
import { useAbility } from '../../../lib/ability.ts'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { invoiceStatusBadges, invoiceStatusLabels } from './labels.ts'
import { studentInvoicesQuery } from './queries.ts'
import { periodLabel } from '../../../shared/fees/periods.ts'

const NewInvoiceDialog = lazy(() =>
  import('./NewInvoiceDialog.tsx').then((m) => ({ default: m.NewInvoiceDialog })),
)

/**
 * A student's invoices on their page: each with its periods, status, net, paid and balance, a
 * credit note beside the invoice it cancels, the total due, and a new single-student invoice.
 */
export function StudentInvoices({ studentId }: { studentId: string }): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const money = useMoney()
  const { date } = useFormat()
  const { data, isPending, isError } = useQuery(studentInvoicesQuery(studentId))
  const [creating, setCreating] = useState(false)
  const { wrap, table } = useStackedTable()
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const sessionId = data?.academicSessionId
  const canCreate =
    ability.can('create', 'group-invoice') && data?.studentStatus === 'active' && sessionId

  return (
    <section className="card student-wide" aria-labelledby="student-invoices">
      <div className="card-header">
        <h2 id="student-invoices">
          <Trans>Invoices</Trans>
        </h2>
        {canCreate && (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            <Trans>New invoice</Trans>
          </button>
        )}
      </div>
      {isPending ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : isError || !data ? (
        <p className="muted">
          <Trans>The invoices could not be read.</Trans>
        </p>
      ) : (
        <>
          <p className="student-total-due">
            <Trans>Total due:</Trans>{' '}
            <strong data-testid="total-due">{money.format(data.totalDueMinor)}</strong>
          </p>
          {data.data.length === 0 ? (
            <p className="muted">
              <Trans>No invoices yet.</Trans>
            </p>
          ) : (
            <div ref={wrap} className="table-wrap">
              <table ref={table} className="table">
                <thead>
                  <HeaderRow
                    columns={[
                      { label: t`Number` },
                      { label: t`Issued` },
                      { label: t`Due date` },
                      { label: t`Period` },
                      { label: t`Status` },
                      { label: t`Net`, amount: true },
                      { label: t`Paid`, amount: true },
                      { label: t`Balance`, amount: true },
                    ]}
                  />
                </thead>
                <tbody>
                  {data.data.map((invoice) => {
                    const note = invoice.creditNote
                    return (
                      <tr key={invoice.id}>
                        <th scope="row">
                          <Link to="/invoices/$invoiceId" params={{ invoiceId: invoice.id }}>
                            {invoice.number}
                          </Link>
                          {note && (
                            <span className="invoice-credit-note">
                              <Trans>Credit note</Trans>{' '}
                              <Link to="/invoices/$invoiceId" params={{ invoiceId: note.id }}>
                                {note.number}
                              </Link>
                            </span>
                          )}
                        </th>
                        <td>{day(invoice.issueDate)}</td>
                        <td>{day(invoice.dueDate)}</td>
                        <td>
                          {invoice.periodNames.map((n) => periodLabel(n, i18n.locale)).join(', ') ||
                            '—'}
                        </td>
                        <td>
                          <span className={`badge ${invoiceStatusBadges[invoice.status]}`}>
                            {i18n._(invoiceStatusLabels[invoice.status])}
                          </span>
                        </td>
                        <td className="amount">{money.format(invoice.netMinor)}</td>
                        <td className="amount">{money.format(invoice.paidMinor)}</td>
                        <td className="amount">{money.format(invoice.balanceMinor)}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {creating && sessionId && (
        <Suspense fallback={null}>
          <NewInvoiceDialog
            studentId={studentId}
            academicSessionId={sessionId}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      )}
    </section>
  )
}
