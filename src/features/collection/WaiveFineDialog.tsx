import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field, TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { OpenLine } from '../../shared/schemas/collection-payments.ts'
import { FineWaiverRequestSchema } from '../../shared/schemas/fine-waivers.ts'
import { useWaiveFineAtCounter } from './mutations.ts'

/** Waives a line's fine at the counter, the whole of it unless an amount is typed; audited. */
export function WaiveFineDialog({
  line,
  onClose,
}: {
  line: OpenLine
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const [amount, setAmount] = useState(money.toInput(line.fineMinor))
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const [key] = useState(() => crypto.randomUUID())
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const waive = useWaiveFineAtCounter(line.invoiceId, line.lineId, key, {
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The fine was waived.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The fine was not waived`),
  })
  const amountMinor = money.parse(amount)
  const body = { amountMinor: amountMinor ?? -1, reason }
  const errors = {
    ...fieldErrors(waive.error),
    ...(tried ? checkFields(FineWaiverRequestSchema, body) : {}),
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(FineWaiverRequestSchema, body)).length) return
    waive.mutate({ amountMinor, reason: reason.trim() })
  }

  const head = line.feeHeadName
  const fine = money.format(line.fineMinor)
  return (
    <Dialog
      title={<Trans>Waive the fine on {head}</Trans>}
      onClose={onClose}
      unsaved={reason !== ''}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p>
          <Trans>The fine as of today is {fine}.</Trans>
        </p>
        <Field
          label={t`Amount to waive`}
          inputMode="decimal"
          value={amount}
          error={errors.amountMinor}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextAreaField
          label={t`Reason`}
          rows={2}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="form-actions">
          <DialogCancel>
            <Trans>Keep the fine</Trans>
          </DialogCancel>
          <SubmitButton busy={waive.isPending}>
            <Trans>Waive</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
