import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { FineWaiverRequestSchema, type LineFine } from '../../../shared/schemas/fine-waivers.ts'
import { useWaiveFine } from './mutations.ts'

/**
 * Waiving the fine of one invoice line, in whole (amount left empty) or in part, with the
 * reason (permission fine-waiver; the server refuses more than the fine and audits it). The
 * invoice page opens it for a line with its fine as of today.
 */
export function FineWaiverDialog({
  invoiceId,
  line,
  fineMinor,
  onClose,
  onWaived,
}: {
  invoiceId: string
  /** The line: its id, and its head and period to name it. */
  line: { id: string; feeHeadName: string; periodName: string | null }
  /** The line's fine as of today, less what was waived already (LineFine.chargedMinor). */
  fineMinor: number
  onClose: () => void
  onWaived?: (fine: LineFine) => void
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const reasonId = useId()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const waive = useWaiveFine({
    onSuccess: (fine) => {
      const waived = money.format(fine.waivedMinor)
      showToast({ variant: 'success', title: t`The fine was waived (${waived} in all).` })
      onWaived?.(fine)
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The fine was not waived`),
  })
  const parsed = amount.trim() === '' ? null : (money.parse(amount) ?? Number.NaN)
  const draft = { amountMinor: parsed, reason }
  const errors: Record<string, string> = {
    ...fieldErrors(waive.error),
    ...(touched ? checkFields(FineWaiverRequestSchema, draft) : {}),
  }
  if (touched && parsed !== null && parsed > fineMinor) {
    const max = money.format(fineMinor)
    errors.amountMinor = t`At most ${max} of the fine is left to waive.`
  }
  const head = line.feeHeadName
  const period = line.periodName ?? ''
  const fine = money.format(fineMinor)
  const currency = money.currency

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(FineWaiverRequestSchema, draft)).length) return
    if (parsed !== null && parsed > fineMinor) return
    waive.mutate({ invoiceId, lineId: line.id, idempotencyKey, amountMinor: parsed, reason })
  }

  return (
    <Dialog
      title={t`Waive the fine`}
      onClose={onClose}
      unsaved={(amount !== '' || reason !== '') && !waive.isPending}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p>
          {period ? (
            <Trans>
              {head}, {period}: the fine as of today is {fine}.
            </Trans>
          ) : (
            <Trans>
              {head}: the fine as of today is {fine}.
            </Trans>
          )}
        </p>
        <Field
          label={t`Amount to waive (${currency})`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amountMinor}
          hint={<Trans>Leave it empty to waive the whole fine.</Trans>}
          autoFocus
        />
        <div className="field">
          <label htmlFor={reasonId}>
            <Trans>Reason</Trans>
          </label>
          <textarea
            id={reasonId}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {errors.reason && (
            <p id={`${reasonId}-error`} className="field-error">
              {errors.reason}
            </p>
          )}
        </div>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={waive.isPending}>
            <Trans>Waive</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
