import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { CancelInvoiceSchema, type Invoice } from '../../../shared/schemas/fees-invoices.ts'
import { useCancelInvoice } from './mutations.ts'

/** Cancels an invoice by a credit note: posted invoices are never edited. A reason is required. */
export function CancelInvoiceDialog({
  invoice,
  onClose,
}: {
  invoice: Invoice
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const id = useId()
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const cancel = useCancelInvoice(invoice.id, {
    onSuccess: (saved) => {
      const note = saved.creditNoteNumber ?? ''
      showToast({
        variant: 'success',
        title: t`The invoice was cancelled by credit note ${note}.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The invoice was not cancelled`),
  })
  const errors = {
    ...fieldErrors(cancel.error),
    ...(tried ? checkFields(CancelInvoiceSchema, { reason }) : {}),
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(CancelInvoiceSchema, { reason })).length) return
    cancel.mutate({ reason: reason.trim() })
  }

  const number = invoice.number
  return (
    <Dialog
      title={<Trans>Cancel invoice {number}</Trans>}
      onClose={onClose}
      unsaved={reason !== ''}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p>
          <Trans>
            A credit note reverses the whole invoice and its posting, dated today. The invoice stays
            on record, marked cancelled, and its fees can be invoiced again.
          </Trans>
        </p>
        <div className="field">
          <label htmlFor={id}>
            <Trans>Reason</Trans>
          </label>
          <textarea
            id={id}
            rows={3}
            maxLength={500}
            value={reason}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {errors.reason && (
            <p id={`${id}-error`} className="field-error">
              {errors.reason}
            </p>
          )}
        </div>
        <div className="form-actions">
          <DialogCancel>
            <Trans>Keep the invoice</Trans>
          </DialogCancel>
          <SubmitButton busy={cancel.isPending} className="button button-danger">
            <Trans>Cancel the invoice</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
