import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { InstituteLogo } from '../../components/InstituteLogo.tsx'
import { QrCode } from '../../components/QrCode.tsx'
import { useFormat } from '../../lib/format.ts'
import { amountInWords, wordLanguageOf } from '../../shared/amount-in-words.ts'
import { formatMoney } from '../../shared/money.ts'
import type { Receipt } from '../../shared/schemas/collection.ts'
import { tenderMethodLabels } from './labels.ts'
import './receipt-print.css'

/**
 * A receipt as it prints, on the paper of the invoice print settings (A4, A5 or an 80 mm roll):
 * the institute, number, date and time, cashier, students, each line paid with its fine, how
 * it was paid (and the change), the total in figures and in words, what is still due and the
 * code that verifies it. A reprint says DUPLICATE with its time; a cancelled one says so.
 */
export function ReceiptSlip({
  receipt,
  duplicateAt,
}: {
  receipt: Receipt
  /** When a copy printed again was asked for. */
  duplicateAt: Date | null
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
  const number = receipt.number
  const when = dateTime(new Date(receipt.receivedAt))
  const cashier = receipt.cashierName ?? '—'
  const studentName = (id: string) => receipt.students.find((s) => s.studentId === id)?.fullName
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
    <article className="receipt-sheet" data-paper={receipt.paper} data-testid="receipt">
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
          {institute.address && <p>{institute.address}</p>}
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
          {receipt.lines.map((l, i) => (
            <tr key={i}>
              <td>
                {l.feeHeadName}
                {l.periodName && `, ${l.periodName}`}
                {receipt.students.length > 1 && (
                  <small className="receipt-who"> · {studentName(l.studentId)}</small>
                )}
              </td>
              <td className="amount">{l.fineMinor ? money(l.fineMinor) : ''}</td>
              <td className="amount">{money(l.principalMinor + l.fineMinor)}</td>
            </tr>
          ))}
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
      <p className="receipt-words">{words}</p>
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
