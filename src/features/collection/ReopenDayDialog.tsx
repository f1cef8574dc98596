import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { ReopenDaySchema, type CashierDay } from '../../shared/schemas/collection-days.ts'
import { useReopenDay } from './mutations.ts'

/** Reopens today's closing with the reason: its deposit and difference postings are reversed. */
export function ReopenDayDialog({
  day,
  onClose,
}: {
  day: CashierDay
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const reopen = useReopenDay({
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The day is open again.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The day was not reopened`),
  })
  const body = { cashierId: day.cashierId, day: day.day, reason: reason.trim() }
  const errors = {
    ...fieldErrors(reopen.error),
    ...(tried ? checkFields(ReopenDaySchema, body) : {}),
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(ReopenDaySchema, body)).length) return
    reopen.mutate(body)
  }

  const name = day.cashierName
  return (
    <Dialog
      title={<Trans>Reopen the day of {name}</Trans>}
      onClose={onClose}
      unsaved={reason !== ''}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p>
          <Trans>
            The closing’s bank deposit and cash difference are reversed, and the cashier takes money
            again until the day is closed anew. The reopening is recorded with its reason.
          </Trans>
        </p>
        <TextAreaField
          label={t`Reason for reopening`}
          rows={3}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="form-actions">
          <DialogCancel>
            <Trans>Keep it closed</Trans>
          </DialogCancel>
          <SubmitButton busy={reopen.isPending}>
            <Trans>Reopen the day</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
