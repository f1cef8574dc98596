import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { RefundInputSchema, type IntentRow } from '../../shared/schemas/payments.ts'
import { useRefundPayment } from './mutations.ts'

/**
 * Refunds an online payment whole, with the reason: the gateway gives the money back, the
 * receipt is cancelled and the charges undone.
 */
export function RefundDialog({
  payment,
  amount,
  onClose,
}: {
  payment: IntentRow
  /** What the payer paid, as shown. */
  amount: string
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const refund = useRefundPayment({
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The payment was refunded.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The payment was not refunded`),
  })
  const body = { reason: reason.trim() }
  const errors = {
    ...fieldErrors(refund.error),
    ...(tried ? checkFields(RefundInputSchema, body) : {}),
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(RefundInputSchema, body)).length) return
    refund.mutate({ reference: payment.reference, ...body })
  }

  const { reference, payerName } = payment
  return (
    <Dialog title={<Trans>Refund {reference}</Trans>} onClose={onClose} unsaved={reason !== ''}>
      <form className="form" noValidate onSubmit={submit}>
        <p>
          <Trans>
            {amount} goes back to {payerName} through the gateway. The receipt is cancelled, the
            surcharge and the platform’s share are undone, and the fee is due again.
          </Trans>
        </p>
        <TextAreaField
          label={t`Reason for the refund`}
          rows={3}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="form-actions">
          <DialogCancel>
            <Trans>Keep the payment</Trans>
          </DialogCancel>
          <SubmitButton busy={refund.isPending}>
            <Trans>Refund</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
