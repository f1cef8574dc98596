import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../../components/table/use-stacked-table.ts'
import { useAbility } from '../../../lib/ability.ts'
import { dayDate, todayIso } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { finesOfPeriod, type Fine } from '../../../shared/fees/fine.ts'
import type { Invoice } from '../../../shared/schemas/fees-invoices.ts'
import { InvoiceLineComputation } from './InvoiceLineComputation.tsx'
import { LineFineWaiver } from './LineFineWaiver.tsx'
import { invoiceStatusBadges, invoiceStatusLabels } from './labels.ts'
import { invoiceQuery } from './queries.ts'
import '../fees.css'
import { periodLabel } from '../../../shared/fees/periods.ts'

const CancelInvoiceDialog = lazy(() =>
  import('./CancelInvoiceDialog.tsx').then((m) => ({ default: m.CancelInvoiceDialog })),
)

/**
 * Each line's fine as of `today`, by the shared fine function, a period's lines together (a
 * period cap is shared). What is still due is fined; payments' own days come with collection.
 */
function finesOf(invoice: Invoice, today: string): Map<number, Fine> {
  const fines = new Map<number, Fine>()
  if (invoice.creditOf || invoice.status === 'cancelled') return fines
  const open = invoice.lines.filter((l) => l.balanceMinor > 0)
  const periods = new Set(open.map((l) => l.periodId))
  for (const period of periods) {
    const lines = open.filter((l) => l.periodId === period)
    const computed = finesOfPeriod(
      lines.map((l) => ({
        id: String(l.lineNo),
        feeHeadId: l.feeHeadId,
        dueDate: invoice.dueDate,
        amount: l.balanceMinor,
        payments: [],
      })),
      invoice.fineRules,
      today,
    )
    for (const fine of computed) fines.set(Number(fine.lineId), fine)
  }
  return fines
}

/**
 * /invoices/$invoiceId: an invoice (or credit note) with its lines and how each figure was
 * computed, a fined line's waiver, printing it, and its cancellation by a credit note.
 */
export function InvoicePage({ invoiceId }: { invoiceId: string }): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const money = useMoney()
  const { date } = useFormat()
  const { data: invoice } = useSuspenseQuery(invoiceQuery(invoiceId))
  const [cancelling, setCancelling] = useState(false)
  const { wrap, table } = useStackedTable()
  const today = todayIso()
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const fines = finesOf(invoice, today)
  const isCreditNote = invoice.creditOf !== null
  const canCancel =
    ability.can('create', 'group-invoice') &&
    !isCreditNote &&
    invoice.status !== 'cancelled' &&
    invoice.lines.every((l) => l.paidMinor === 0)
  const placement = [invoice.className, invoice.sectionName].filter(Boolean).join(' · ')
  const roll = invoice.roll
  const sum = (pick: (l: Invoice['lines'][number]) => number) =>
    invoice.lines.reduce((total, l) => total + pick(l), 0)
  const number = invoice.number
  const finesToday = [...fines.values()].reduce((total, f) => total + f.amount, 0)
  const finesTodayText = money.format(finesToday)

  return (
    <div className="page fees-page invoice-page">
      <PageHeader
        back={
          ability.can('read', 'students') && (
            <Link to="/students/$studentId" params={{ studentId: invoice.studentId }}>
              {invoice.studentName}
            </Link>
          )
        }
        title={isCreditNote ? <Trans>Credit note {number}</Trans> : <Trans>Invoice {number}</Trans>}
        actions={
          <div className="header-buttons">
            {!isCreditNote && (
              <Link className="button" to="/invoice-prints" search={{ invoiceId: invoice.id }}>
                <Trans>Print</Trans>
              </Link>
            )}
            {canCancel && (
              <button
                type="button"
                className="button button-danger"
                onClick={() => setCancelling(true)}
              >
                <Trans>Cancel invoice</Trans>
              </button>
            )}
          </div>
        }
      >
        <p className="invoice-summary">
          <span className={`badge ${invoiceStatusBadges[invoice.status]}`} data-testid="status">
            {isCreditNote ? t`Credit note` : i18n._(invoiceStatusLabels[invoice.status])}
          </span>
        </p>
      </PageHeader>

      <section className="card" aria-labelledby="invoice-facts">
        <h2 id="invoice-facts">
          <Trans>Details</Trans>
        </h2>
        <dl className="facts">
          <dt>
            <Trans>Student</Trans>
          </dt>
          <dd>
            {invoice.studentName} <span className="muted">{invoice.studentCode}</span>
          </dd>
          <dt>
            <Trans>Class, section and roll</Trans>
          </dt>
          <dd>
            {placement || '—'}
            {roll !== null && (
              <>
                {' · '}
                <Trans>roll {roll}</Trans>
              </>
            )}
          </dd>
          <dt>
            <Trans>Issue date</Trans>
          </dt>
          <dd>{day(invoice.issueDate)}</dd>
          <dt>
            <Trans>Due date</Trans>
          </dt>
          <dd>{day(invoice.dueDate)}</dd>
          {invoice.creditOf && (
            <>
              <dt>
                <Trans>Cancels invoice</Trans>
              </dt>
              <dd>
                <Link to="/invoices/$invoiceId" params={{ invoiceId: invoice.creditOf }}>
                  {invoice.creditOfNumber}
                </Link>
              </dd>
            </>
          )}
          {invoice.creditNoteId && (
            <>
              <dt>
                <Trans>Cancelled by credit note</Trans>
              </dt>
              <dd>
                <Link to="/invoices/$invoiceId" params={{ invoiceId: invoice.creditNoteId }}>
                  {invoice.creditNoteNumber}
                </Link>
              </dd>
            </>
          )}
          {invoice.reason && (
            <>
              <dt>
                <Trans>Reason for the cancellation</Trans>
              </dt>
              <dd>{invoice.reason}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="invoice-lines">
        <h2 id="invoice-lines">
          <Trans>Lines</Trans>
        </h2>
        <div ref={wrap} className="table-wrap">
          <table ref={table} className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: t`Fee head` },
                  { label: t`Period` },
                  { label: t`Gross`, amount: true },
                  { label: t`Concession`, amount: true },
                  { label: t`VAT`, amount: true },
                  { label: t`Net`, amount: true },
                  { label: t`Paid`, amount: true },
                  { label: t`Due`, amount: true },
                ]}
              />
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.lineNo}>
                  <th scope="row">{line.feeHeadName}</th>
                  <td>{line.periodName ? periodLabel(line.periodName, i18n.locale) : '—'}</td>
                  <td className="amount">{money.format(line.grossMinor)}</td>
                  <td className="amount">{money.format(line.concessionMinor)}</td>
                  <td className="amount">{money.format(line.vatMinor)}</td>
                  <td className="amount">{money.format(line.netMinor)}</td>
                  <td className="amount">{money.format(line.paidMinor)}</td>
                  <td className="amount">{money.format(line.balanceMinor)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  <Trans>Total</Trans>
                </th>
                <td className="amount">{money.format(sum((l) => l.grossMinor))}</td>
                <td className="amount">{money.format(sum((l) => l.concessionMinor))}</td>
                <td className="amount">{money.format(sum((l) => l.vatMinor))}</td>
                <td className="amount" data-testid="invoice-net">
                  {money.format(invoice.totalMinor)}
                </td>
                <td className="amount">{money.format(sum((l) => l.paidMinor))}</td>
                <td className="amount" data-testid="invoice-due">
                  {money.format(sum((l) => l.balanceMinor))}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        {finesToday > 0 && (
          <p>
            <Trans>Fines as of today, not yet charged: {finesTodayText}</Trans>
          </p>
        )}
      </section>

      {invoice.lines.map((line) => {
        const head = line.feeHeadName
        const period = line.periodName ? periodLabel(line.periodName, i18n.locale) : null
        return (
          <section
            key={line.lineNo}
            className="card"
            aria-labelledby={`invoice-line-${line.lineNo}`}
          >
            <h2 id={`invoice-line-${line.lineNo}`}>
              {period ? (
                <Trans>
                  How {head}, {period} was computed
                </Trans>
              ) : (
                <Trans>How {head} was computed</Trans>
              )}
            </h2>
            <InvoiceLineComputation
              line={line}
              dueDate={invoice.dueDate}
              fine={fines.get(line.lineNo) ?? null}
              rules={invoice.fineRules}
              today={today}
            />
            {!invoice.creditOf && invoice.status !== 'cancelled' && (
              <LineFineWaiver invoiceId={invoice.id} line={line} />
            )}
          </section>
        )
      })}

      {cancelling && (
        <Suspense fallback={null}>
          <CancelInvoiceDialog invoice={invoice} onClose={() => setCancelling(false)} />
        </Suspense>
      )}
    </div>
  )
}
