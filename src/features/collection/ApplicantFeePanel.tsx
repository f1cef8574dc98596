import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { httpStatus } from '../../lib/http-error.ts'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { ApplicantFee, TakeApplicantFee } from '../../shared/schemas/applicant-fees.ts'
import { FamilyRead } from './FamilyRead.tsx'
import { useTakeApplicantFee } from './mutations.ts'
import { newTender, type TenderDraft } from './prepared-payment.ts'
import { applicantFeeQuery, counterSettingsQuery } from './queries.ts'
import { TenderRows } from './TenderRows.tsx'

/**
 * An applicant at the counter: their application fee taken like any payment (the tenders of the
 * counter, Enter saves, one receipt of the same series), or, paid already, its receipt.
 */
export function ApplicantFeePanel({
  applicantId,
  onReceipt,
}: {
  applicantId: string
  onReceipt: (receiptId: string) => void
}): ReactElement {
  const read = useQuery(applicantFeeQuery(applicantId))
  return (
    <FamilyRead read={read}>
      {(applicant) => <ApplicantFeeForm applicant={applicant} onReceipt={onReceipt} />}
    </FamilyRead>
  )
}

function ApplicantFeeForm({
  applicant,
  onReceipt,
}: {
  applicant: ApplicantFee
  onReceipt: (receiptId: string) => void
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const online = useOnlineStatus()
  const { fieldErrors, refusalText } = useServerErrors()
  const [tenders, setTenders] = useState<TenderDraft[]>([newTender()])
  const mobileProviders = useQuery(counterSettingsQuery()).data?.mobileProviders ?? []
  // Made when Save is first pressed and kept until the server answers: a retry is the same.
  const key = useRef<string | null>(null)
  // Picked with Enter, saved with Enter: the cash comes to the fee unless changed.
  const saveButton = useRef<HTMLButtonElement>(null)
  useEffect(() => saveButton.current?.focus(), [])
  const take = useTakeApplicantFee({
    onSuccess: (receipt) => onReceipt(receipt.id),
    onError: (err) => {
      const status = httpStatus(err)
      if (status !== undefined && status < 500) key.current = null
    },
  })
  const fee = money.format(applicant.feeMinor)
  const name = applicant.applicantName
  const others = tenders.slice(1).map((x) => money.parse(x.amount))
  const first = applicant.feeMinor - others.reduce<number>((s, x) => s + (x ?? 0), 0)
  const amounts = [first > 0 ? first : undefined, ...others]
  const body: TakeApplicantFee = {
    applicantId: applicant.applicantId,
    tenders: tenders.flatMap((x, i) => {
      const amountMinor = amounts[i]
      if (!amountMinor) return []
      const tendered =
        x.method === 'cash' && x.tendered.trim() ? money.parse(x.tendered) : undefined
      return [
        {
          method: x.method,
          amountMinor,
          ...(tendered !== undefined && { tenderedMinor: tendered }),
          bankAccount: x.bankAccount,
          reference: x.reference,
          issuer: x.issuer,
          ...(x.chequeDate && { chequeDate: x.chequeDate }),
        },
      ]
    }),
  }
  const changeMinor = body.tenders.reduce(
    (s, x) => s + (x.method === 'cash' && x.tenderedMinor ? x.tenderedMinor - x.amountMinor : 0),
    0,
  )
  const change = money.format(Math.max(0, changeMinor))
  const errors = fieldErrors(take.error)
  const refusal = take.error && httpStatus(take.error) !== 422 ? refusalText(take.error) : null
  const due = applicant.status === 'fee_due'

  function save() {
    if (!online || !due || take.isPending || amounts.some((x) => x === undefined)) return
    key.current ??= crypto.randomUUID()
    take.mutate({ key: key.current, body })
  }

  return (
    <form
      className="counter-form"
      noValidate
      aria-label={t`Application fee`}
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
    >
      <section className="card">
        <h2>
          <Trans>Application fee of {name}</Trans>
        </h2>
        <dl className="facts">
          <dt>
            <Trans>Reference</Trans>
          </dt>
          <dd>{applicant.shortReference}</dd>
          <dt>
            <Trans>Form</Trans>
          </dt>
          <dd>{applicant.formTitle}</dd>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd>{applicant.phone}</dd>
          <dt>
            <Trans>Application fee</Trans>
          </dt>
          <dd data-testid="application-fee-amount">{fee}</dd>
        </dl>
      </section>
      {!due && (
        <p className="alert alert-info" role="status">
          <Trans>This application’s fee is already paid.</Trans>{' '}
          {applicant.receiptId && (
            <button
              type="button"
              className="button"
              onClick={() => onReceipt(applicant.receiptId!)}
            >
              <Trans>Show its receipt</Trans>
            </button>
          )}
        </p>
      )}
      {due && !online && (
        <p className="alert alert-warning" role="alert">
          <Trans>
            You are offline. No money is taken without a receipt the server knows: Save works again
            as soon as the network is back.
          </Trans>
        </p>
      )}
      {refusal && (
        <p className="alert alert-danger" role="alert">
          {refusal}
        </p>
      )}
      {due && (
        <section className="card counter-summary" aria-label={t`Payment`}>
          <TenderRows
            tenders={tenders}
            amounts={amounts}
            bankAccounts={applicant.bankAccounts}
            mobileProviders={mobileProviders}
            errors={errors}
            disabled={take.isPending}
            onChange={setTenders}
          />
          {changeMinor > 0 && (
            <p className="counter-change" data-testid="change">
              <Trans>Change to give back: {change}</Trans>
            </p>
          )}
          {errors.tenders && <p className="field-error">{errors.tenders}</p>}
          <div className="form-actions">
            <button
              ref={saveButton}
              type="submit"
              className="button button-primary"
              disabled={!online || take.isPending}
              aria-busy={take.isPending}
            >
              <Trans>Save and show the receipt</Trans>{' '}
              <kbd>
                <Trans>Enter</Trans>
              </kbd>
            </button>
          </div>
        </section>
      )}
    </form>
  )
}
