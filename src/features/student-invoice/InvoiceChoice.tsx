import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactElement } from 'react'
import { GatewayButton } from '../../components/GatewayButton.tsx'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { surchargeOf } from '../../shared/schemas/payments.ts'
import type { GuardianAccess } from '../../shared/schemas/student-invoice.ts'
import { useStartDuesPayment } from './student-invoice.ts'

type Opened = Extract<GuardianAccess, { step: 'invoices' }>

/**
 * The student's open invoices with their fines as of today, all chosen at first; the total of
 * those chosen (with the gateway's surcharge where the payer bears it, as the server will
 * charge it), then off to the gateway. The server fixes the amount again from the invoices.
 */
export function InvoiceChoice({
  institute,
  opened,
  onLeave,
}: {
  institute: string
  opened: Opened
  onLeave: () => void
}): ReactElement {
  const { t } = useLingui()
  const { money, date } = useFormat()
  const [chosen, setChosen] = useState(() => new Set(opened.invoices.map((i) => i.invoiceId)))
  const start = useStartDuesPayment(institute)
  const amount = (minor: number) => money(minor, opened.currency, opened.currencyDigits)
  const sum = opened.invoices
    .filter((i) => chosen.has(i.invoiceId))
    .reduce((s, i) => s + i.totalMinor, 0)
  const online = opened.online
  const surcharge = online
    ? surchargeOf(sum, {
        service: 'dues',
        enabled: true,
        bearer: online.bearer,
        surchargeFixedMinor: online.surchargeFixedMinor,
        surchargeBasisPoints: online.surchargeBasisPoints,
        franchiseFixedMinor: 0,
        franchiseBasisPoints: 0,
        guardianCode: false,
      })
    : 0
  const total = amount(sum + surcharge)
  const name = opened.student.name
  const studentId = opened.student.studentId
  const provider = online?.providerName ?? ''
  const toggle = (id: string) => {
    // What the last press was refused for (a payment of other invoices open) no longer holds.
    start.reset()
    setChosen((was) => {
      const next = new Set(was)
      if (!next.delete(id)) next.add(id)
      return next
    })
  }

  return (
    <>
      <div className="card">
        <p>
          <Trans>
            <strong>{name}</strong> (student ID {studentId})
          </Trans>
        </p>
        <button type="button" className="button-link" onClick={onLeave}>
          <Trans>Another student</Trans>
        </button>
      </div>
      {opened.invoices.length === 0 ? (
        <p className="card" role="status">
          <Trans>Nothing is due for this student. Thank you.</Trans>
        </p>
      ) : (
        <fieldset className="plain student-invoices" aria-label={t`Invoices to pay`}>
          {opened.invoices.map((invoice) => {
            const number = invoice.invoiceNumber
            const due = date(dayDate(invoice.dueDate), 'medium')
            return (
              <label key={invoice.invoiceId} className="card student-invoice">
                <span className="student-invoice-head">
                  <input
                    type="checkbox"
                    checked={chosen.has(invoice.invoiceId)}
                    onChange={() => toggle(invoice.invoiceId)}
                  />
                  <strong>
                    <Trans>
                      Invoice {number}, due {due}
                    </Trans>
                  </strong>
                  <strong className="student-invoice-total">{amount(invoice.totalMinor)}</strong>
                </span>
                <span className="student-invoice-lines">
                  {invoice.lines.map((line, i) => {
                    const fine = amount(line.fineMinor)
                    return (
                      <span key={i} className="student-invoice-line">
                        <span>
                          {line.feeHeadName}
                          {line.periodName && ` · ${line.periodName}`}
                          {line.fineMinor > 0 && (
                            <span className="muted">
                              {' '}
                              <Trans>(with a fine of {fine})</Trans>
                            </span>
                          )}
                        </span>
                        <span>{amount(line.dueMinor + line.fineMinor)}</span>
                      </span>
                    )
                  })}
                </span>
              </label>
            )
          })}
        </fieldset>
      )}
      {opened.invoices.length > 0 && !online && (
        <p className="card" role="status">
          <Trans>The institute does not take fees online yet: pay them at its counter.</Trans>
        </p>
      )}
      {opened.invoices.length > 0 && online && (
        <div className="card">
          <dl className="student-invoice-sum">
            <dt>
              <Trans>Chosen invoices</Trans>
            </dt>
            <dd>{amount(sum)}</dd>
            {surcharge > 0 && (
              <>
                <dt>
                  <Trans>Online payment charge</Trans>
                </dt>
                <dd data-testid="dues-surcharge">{amount(surcharge)}</dd>
              </>
            )}
            <dt>
              <Trans>Total to pay</Trans>
            </dt>
            <dd data-testid="dues-total">
              <strong>{total}</strong>
            </dd>
          </dl>
          <p>
            <Trans>
              You will pay on the page of {provider}, then come back here. The receipt comes once{' '}
              {provider} confirms the payment, also by SMS to the guardian’s phone.
            </Trans>
          </p>
          <GatewayButton
            start={start}
            provider={provider}
            total={total}
            disabled={chosen.size === 0}
            onPay={() => start.mutate({ access: opened.access, invoiceIds: [...chosen] })}
          />
        </div>
      )}
    </>
  )
}
