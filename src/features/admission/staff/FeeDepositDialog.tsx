import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field, SelectField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { httpStatus } from '../../../lib/api.ts'
import { todayIso } from '../../../lib/dates.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { Applicant } from '../../../shared/schemas/admission-applicants.ts'
import { ApplicantFeeDepositSchema } from '../../../shared/schemas/applicant-fees.ts'
import { useAdmissionErrors } from './errors.ts'
import { useRecordFeeDeposit } from './mutations.ts'
import { depositBanksQuery } from './queries.ts'

/**
 * Records an application fee paid at the bank, from its deposit slip: the date on it, the
 * amount (the fee), the bank account and the slip's reference. The fee is then paid.
 */
export function FeeDepositDialog({
  applicant,
  onClose,
}: {
  applicant: Applicant
  onClose: () => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const errorsOf = useAdmissionErrors()
  const banks = useQuery(depositBanksQuery(applicant.id))
  const [paidOn, setPaidOn] = useState(todayIso())
  const [amount, setAmount] = useState(money.toInput(applicant.fee))
  const [bank, setBank] = useState<string | null>(null)
  const [reference, setReference] = useState('')
  const [touched, setTouched] = useState(false)
  const key = useRef<string | null>(null)
  const name = applicant.applicantName
  const bankAccount = bank ?? banks.data?.data[0] ?? ''
  const amountMinor = money.parse(amount)
  const body = { paidOn, amountMinor: amountMinor ?? Number.NaN, bankAccount, reference }

  const record = useRecordFeeDeposit(applicant.id, {
    onSuccess: () => {
      showToast({
        variant: 'success',
        title: t`The application fee of ${name} is recorded as paid.`,
      })
      onClose()
    },
    onError: (err) => {
      // Refused: nothing was recorded, and a corrected slip is a new request.
      if ((httpStatus(err) ?? 500) < 500) key.current = null
      errorsOf.toastUnlessFieldError(err, t`The deposit could not be recorded`)
    },
    onSettled: (_, err) => {
      if (httpStatus(err) === 409) onClose()
    },
  })

  const local = touched ? errorsOf.issues(ApplicantFeeDepositSchema, body) : {}
  const server = errorsOf.fieldErrors(record.error)
  const error = (field: string) => server[field] ?? local[field]

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(errorsOf.issues(ApplicantFeeDepositSchema, body)).length) return
    key.current ??= crypto.randomUUID()
    record.mutate({ key: key.current, body })
  }

  return (
    <Dialog
      title={t`Fee paid by bank deposit: ${name}`}
      onClose={onClose}
      unsaved={reference.trim() !== ''}
    >
      <form className="form admission-staff" noValidate onSubmit={submit}>
        <p className="muted">
          <Trans>
            From the applicant’s deposit slip. The fee is posted to the bank account against
            admission fee income, and the application becomes “Fee paid”.
          </Trans>
        </p>
        <Field
          label={t`Date on the slip`}
          type="date"
          value={paidOn}
          max={todayIso()}
          required
          onChange={(e) => setPaidOn(e.target.value)}
          error={error('paidOn')}
        />
        <Field
          label={t`Amount`}
          inputMode="decimal"
          value={amount}
          required
          onChange={(e) => setAmount(e.target.value)}
          error={
            error('amountMinor') ??
            (amountMinor === undefined ? t`Type an amount, like 1250.50.` : undefined)
          }
        />
        <SelectField
          label={t`Bank account`}
          value={bankAccount}
          required
          onChange={(e) => setBank(e.target.value)}
          error={error('bankAccount')}
        >
          {(banks.data?.data ?? []).map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
        <Field
          label={t`Slip reference`}
          value={reference}
          maxLength={60}
          required
          onChange={(e) => setReference(e.target.value)}
          error={error('reference')}
        />
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton className="button button-primary" busy={record.isPending}>
            <Trans>Record the payment</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
