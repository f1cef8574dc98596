import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactElement } from 'react'
import { InstituteLogo } from '../../components/InstituteLogo.tsx'
import { QrCode } from '../../components/QrCode.tsx'
import { useFormat } from '../../lib/format.ts'
import { amountInWords, wordLanguageOf } from '../../shared/amount-in-words.ts'
import { formatMoney } from '../../shared/money.ts'
import type { Receipt } from '../../shared/schemas/collection-receipts.ts'
import type { ReceiptPaper } from '../../lib/counter-paper.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'
import './receipt-print.css'
import { periodLabel } from '../../shared/fees/periods.ts'

/**
 * A receipt as it prints, on this counter's paper (A4, A5, an 80 or 58 mm roll): the institute
 * with its campus's address, number, date and time, cashier, the payer, each child's lines with
 * their fines and subtotal, how it was paid (and the change), the total in figures and in words
 * with its currency, what is still due and the code that verifies it. A reprint says DUPLICATE
 * with its time; a cancelled one says so; with both copies, each says whose it is.
 */
export function ReceiptSlip({
  receipt,
  duplicateAt,
  paper,
  copy = null,
}: {
  receipt: Receipt
  /** When a copy printed again was asked for. */
  duplicateAt: Date | null
  paper: ReceiptPaper
  /** Whose copy, where the institute prints both. */
  copy?: 'guardian' | 'office' | null
}): ReactElement {
  const { i18n, t } = useLingui()
  const { dateTime } = useFormat()
  const { institute } = receipt
  const money = (minor: number) =>
    formatMoney(minor, institute.currency, i18n.locale, institute.currencyDigits)
  const total = money(receipt.receivedMinor + receipt.advanceUsedMinor)
  const words = amountInWords(
    receipt.receivedMinor + receipt.advanceUsedMinor,
    institute.currencyDigits,
    wordLanguageOf(i18n.locale),
  )
  // Named as the invoice names it: "… and 00/100 Bangladeshi Taka".
  const currencyName =
    new Intl.DisplayNames(i18n.locale, { type: 'currency' }).of(institute.currency) ??
    institute.currency
  const number = receipt.number
  const address = receipt.campusAddress || institute.address
  const payer = receipt.payerName
  const when = dateTime(new Date(receipt.receivedAt))
  const cashier = receipt.cashierName ?? '—'
  const reprinted = duplicateAt ? dateTime(duplicateAt) : ''
  const campus = receipt.campusName
  const stillDue = money(receipt.balanceDueMinor)
  const code = receipt.verifyCode
  const { applicant } = receipt
  const applicantName = applicant?.applicantName
  const applicantReference = applicant?.shortReference
  const applicantForm = applicant?.formTitle
  // Under the server's public address: the office's own may be one no phone reaches.
  const { verifyUrl } = receipt
  return (
    <article
      className="receipt-sheet"
      data-paper={paper}
      data-copy={copy ?? undefined}
      data-testid="receipt"
    >
      {copy && (
        <p className="receipt-copy">
          {copy === 'office' ? <Trans>Office copy</Trans> : <Trans>Guardian’s copy</Trans>}
        </p>
      )}
      {duplicateAt && (
        <p className="receipt-mark">
          <Trans>DUPLICATE — printed again {reprinted}</Trans>
        </p>
      )}
      {receipt.status === 'cancelled' && (
        <p className="receipt-mark">
          <Trans>CANCELLED</Trans>
        </p>
      )}
      <header className="receipt-head">
        {institute.logo && <InstituteLogo logo={institute.logo} height={36} />}
        <div>
          <p className="receipt-institute">{institute.name}</p>
          {address && <p>{address}</p>}
        </div>
      </header>
      <h2 className="receipt-title">
        <Trans>Money receipt {number}</Trans>
      </h2>
      <p>
        <Trans>
          {when} · received by {cashier} · {campus}
        </Trans>
      </p>
      {payer && (
        <p className="receipt-payer">
          <Trans>Received from {payer}</Trans>
        </p>
      )}
      <ul className="receipt-students">
        {applicant && (
          <li>
            <Trans>
              Applicant {applicantName} ({applicantReference})
            </Trans>
          </li>
        )}
        {receipt.students.map((s) => {
          const roll = s.roll
          return (
            <li key={s.studentId}>
              {s.fullName} ({s.studentCode}){s.className && ` · ${s.className}`}
              {roll !== null && (
                <>
                  {' · '}
                  <Trans>roll {roll}</Trans>
                </>
              )}
            </li>
          )
        })}
      </ul>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">
              <Trans>For</Trans>
            </th>
            <th scope="col" className="amount">
              <Trans>Fine</Trans>
            </th>
            <th scope="col" className="amount">
              <Trans>Paid</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {applicant && (
            <tr>
              <td>
                <Trans>Application fee · {applicantForm}</Trans>
              </td>
              <td />
              <td className="amount">{money(receipt.receivedMinor)}</td>
            </tr>
          )}
          {receipt.students.map((s) => {
            const own = receipt.lines.filter((l) => l.studentId === s.studentId)
            if (own.length === 0) return null
            return (
              <Fragment key={s.studentId}>
                {/* Grouped by child, each group named with what it paid. */}
                {receipt.students.length > 1 && (
                  <tr className="receipt-child" data-testid="receipt-child">
                    <th scope="rowgroup" colSpan={2}>
                      {s.fullName}
                    </th>
                    <td className="amount">{money(s.paidMinor)}</td>
                  </tr>
                )}
                {own.map((l, i) => (
                  <tr key={i}>
                    <td>
                      {l.feeHeadName}
                      {l.periodName && `, ${periodLabel(l.periodName, i18n.locale)}`}
                    </td>
                    <td className="amount">{l.fineMinor ? money(l.fineMinor) : ''}</td>
                    <td className="amount">{money(l.principalMinor + l.fineMinor)}</td>
                  </tr>
                ))}
              </Fragment>
            )
          })}
          {receipt.toAdvanceMinor > 0 && (
            <tr>
              <td>
                <Trans>Kept as advance</Trans>
              </td>
              <td />
              <td className="amount">{money(receipt.toAdvanceMinor)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              <Trans>Total</Trans>
            </th>
            <td className="amount" data-testid="receipt-total">
              {total}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="receipt-words">
        <Trans>
          In words: {words} {currencyName}
        </Trans>
      </p>
      <ul className="receipt-tenders">
        {receipt.advanceUsedMinor > 0 && (
          <li>
            <Trans>From the advance</Trans>: {money(receipt.advanceUsedMinor)}
          </li>
        )}
        {receipt.tenders.map((t, i) => {
          const change = money(t.changeMinor)
          const reversal = t.reversalReference
          return (
            <li key={i}>
              {i18n._(tenderMethodLabels[t.method])}: {money(t.amountMinor)}
              {t.reference && ` · ${t.reference}`}
              {t.issuer && ` · ${t.issuer}`}
              {t.reversalReference && (
                <>
                  {' · '}
                  <Trans>reversed {reversal}</Trans>
                </>
              )}
              {t.changeMinor > 0 && (
                <>
                  {' · '}
                  <Trans>change {change}</Trans>
                </>
              )}
            </li>
          )
        })}
      </ul>
      {!applicant && (
        <p>
          <Trans>Still due: {stillDue}</Trans>
        </p>
      )}
      <div className="receipt-verify">
        <QrCode className="receipt-qr" value={verifyUrl} label={t`QR code: ${verifyUrl}`} />
        <p>
          <span className="receipt-code">
            <Trans>Verification code: {code}</Trans>
          </span>
          <small>
            <Trans>Scan the QR code or open {verifyUrl} to check this receipt.</Trans>
          </small>
        </p>
      </div>
    </article>
  )
}
