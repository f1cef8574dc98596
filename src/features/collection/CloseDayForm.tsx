import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import { CloseDaySchema, type CloseDay } from '../../shared/schemas/collection-days.ts'
import { useCloseDay } from './mutations.ts'

/**
 * Closing today: the cash counted (the difference shown as it is typed), what goes to the
 * bank, and a reason when the difference needs approval; nothing closes before a confirmation
 * has stated expected, counted and the difference.
 */
export function CloseDayForm({
  bankAccounts,
  expectedMinor,
  approvalAboveMinor,
}: {
  bankAccounts: string[]
  expectedMinor: number
  approvalAboveMinor: number
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const [counted, setCounted] = useState('')
  const [deposited, setDeposited] = useState('')
  const [bankAccount, setBankAccount] = useState(bankAccounts[0] ?? '')
  const [note, setNote] = useState('')
  const [differenceReason, setDifferenceReason] = useState('')
  const [tried, setTried] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const close = useCloseDay({
    onSuccess: () => {
      setConfirming(false)
      showToast({ variant: 'success', title: t`The day is closed.` })
    },
    onError: (err) => {
      setConfirming(false)
      toastUnlessFieldError(err, t`The day was not closed`)
    },
  })
  const body = {
    countedCashMinor: money.parse(counted) ?? -1,
    depositedMinor: money.parse(deposited) ?? -1,
    bankAccount,
    note,
    differenceReason,
  }
  const errors = {
    ...fieldErrors(close.error),
    ...(tried ? checkFields(CloseDaySchema, body) : {}),
  }
  const countedMinor = money.parse(counted)
  const differenceMinor =
    counted.trim() && countedMinor !== undefined ? countedMinor - expectedMinor : null
  const difference = differenceMinor === null ? '' : money.format(differenceMinor)
  const needsApproval = differenceMinor !== null && Math.abs(differenceMinor) > approvalAboveMinor

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(CloseDaySchema, body)).length) return
    setConfirming(true)
  }

  return (
    <section className="card" aria-labelledby="day-close">
      <h2 id="day-close">
        <Trans>Close the day</Trans>
      </h2>
      <form className="form counter-close" noValidate onSubmit={submit}>
        <Field
          label={t`Cash counted in the drawer`}
          inputMode="decimal"
          value={counted}
          error={errors.countedCashMinor}
          hint={
            differenceMinor === null
              ? undefined
              : differenceMinor === 0
                ? t`Difference: ${difference}`
                : needsApproval
                  ? t`Difference: ${difference}, posted to cash over and short once a second user approves it`
                  : t`Difference: ${difference}, posted to cash over and short at closing`
          }
          onChange={(e) => setCounted(e.target.value)}
        />
        {needsApproval && (
          <Field
            label={t`Reason for the difference`}
            value={differenceReason}
            maxLength={500}
            error={errors.differenceReason}
            onChange={(e) => setDifferenceReason(e.target.value)}
          />
        )}
        <Field
          label={t`Taken to the bank`}
          inputMode="decimal"
          value={deposited}
          error={errors.depositedMinor}
          onChange={(e) => setDeposited(e.target.value)}
        />
        <div className="field">
          <label htmlFor="day-bank">
            <Trans>Bank account</Trans>
          </label>
          <select
            id="day-bank"
            value={bankAccount}
            onChange={(e) => setBankAccount(e.target.value)}
          >
            {bankAccounts.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
          {errors.bankAccount && <small className="field-error">{errors.bankAccount}</small>}
        </div>
        <Field
          label={t`Note`}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="form-actions">
          <SubmitButton busy={close.isPending}>
            <Trans>Close the day</Trans>
          </SubmitButton>
        </div>
      </form>
      {confirming && (
        <ConfirmClose
          body={body}
          expectedMinor={expectedMinor}
          busy={close.isPending}
          onConfirm={() => close.mutate(body)}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  )
}

/** The last look before closing: expected, counted, the difference and the deposit. */
function ConfirmClose({
  body,
  expectedMinor,
  busy,
  onConfirm,
  onClose,
}: {
  body: Required<Pick<CloseDay, 'countedCashMinor' | 'depositedMinor' | 'bankAccount'>>
  expectedMinor: number
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}): ReactElement {
  const money = useMoney()
  const difference = body.countedCashMinor - expectedMinor
  const deposited = money.format(body.depositedMinor)
  const bank = body.bankAccount
  return (
    <Dialog title={<Trans>Close the day?</Trans>} onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault()
          onConfirm()
        }}
      >
        <dl className="facts" data-testid="close-confirm">
          <div className="facts-row">
            <dt>
              <Trans>Expected in the drawer</Trans>
            </dt>
            <dd>{money.format(expectedMinor)}</dd>
          </div>
          <div className="facts-row">
            <dt>
              <Trans>Counted</Trans>
            </dt>
            <dd>{money.format(body.countedCashMinor)}</dd>
          </div>
          <div className="facts-row">
            <dt>
              {difference < 0 ? (
                <Trans>Difference (short)</Trans>
              ) : difference > 0 ? (
                <Trans>Difference (over)</Trans>
              ) : (
                <Trans>Difference</Trans>
              )}
            </dt>
            <dd>{money.format(difference)}</dd>
          </div>
        </dl>
        {body.depositedMinor > 0 && (
          <p>
            <Trans>
              {deposited} goes to {bank}.
            </Trans>
          </p>
        )}
        <p className="muted">
          <Trans>No more payments are taken today once the day is closed.</Trans>
        </p>
        <div className="form-actions">
          <DialogCancel>
            <Trans>Not yet</Trans>
          </DialogCancel>
          <SubmitButton busy={busy}>
            <Trans>Close the day</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
