import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { CancelPaymentSchema } from '../../shared/schemas/collection-payments.ts'
import type { Receipt } from '../../shared/schemas/collection-receipts.ts'
import { CancelHandBack, reversible } from './CancelHandBack.tsx'
import { useCancelReceipt } from './mutations.ts'

/**
 * Cancels a receipt with the reason (a bounced cheque is one): a reversing voucher, the lines
 * open again and the advances undone; the receipt stays, marked cancelled. It says what to hand
 * back for each tender and keeps the provider's reversal references.
 */
export function CancelReceiptDialog({
  receipt,
  onClose,
}: {
  receipt: Receipt
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const [references, setReferences] = useState<Record<number, string>>({})
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const cancel = useCancelReceipt(receipt.id, {
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The receipt was cancelled.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The receipt was not cancelled`),
  })
  const errors = {
    ...fieldErrors(cancel.error),
    ...(tried ? checkFields(CancelPaymentSchema, { reason }) : {}),
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(CancelPaymentSchema, { reason })).length) return
    const reversals = receipt.tenders.flatMap((tender, i) =>
      reversible(tender) && references[i]?.trim()
        ? [{ tender: i, reference: references[i].trim() }]
        : [],
    )
    cancel.mutate({ reason: reason.trim(), reversals })
  }

  const number = receipt.number
  return (
    <Dialog
      title={<Trans>Cancel receipt {number}</Trans>}
      onClose={onClose}
      unsaved={reason !== ''}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p>
          <Trans>
            The payment is reversed by a voucher dated today: its lines are due again and any
            advance it moved is undone. The receipt stays on record, marked cancelled.
          </Trans>
        </p>
        <CancelHandBack
          receipt={receipt}
          references={references}
          onReference={(i, value) => setReferences((r) => ({ ...r, [i]: value }))}
        />
        <TextAreaField
          label={t`Reason (a bounced cheque, a mistake…)`}
          rows={3}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="form-actions">
          <DialogCancel>
            <Trans>Keep the receipt</Trans>
          </DialogCancel>
          <SubmitButton busy={cancel.isPending} className="button button-danger">
            <Trans>Cancel the receipt</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
