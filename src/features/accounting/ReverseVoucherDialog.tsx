import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { todayIso } from '../../lib/dates.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { ReverseVoucherSchema, type Voucher } from '../../shared/schemas/accounting.ts'
import { useReverseVoucher } from './mutations.ts'
import { calendarQuery } from './queries.ts'

/**
 * Posts the mirror image of a voucher on a chosen day, as a journal voucher whose narration
 * names the original; the original stays as it was.
 */
export function ReverseVoucherDialog({
  voucher,
  onClose,
  onReversed,
}: {
  voucher: Voucher
  onClose: () => void
  onReversed: (reversal: Voucher) => void
}) {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const { data: calendar } = useQuery(calendarQuery())
  // Today, unless the voucher is dated later: a reversal never comes before what it reverses.
  const [date, setDate] = useState(() => {
    const today = calendar?.today ?? todayIso()
    return today < voucher.date ? voucher.date : today
  })
  const [narration, setNarration] = useState('')
  const [touched, setTouched] = useState(false)
  const reference = voucher.reference
  const narrationOf = voucher.narration
  const reason = narration.trim()
  // In the user's language, naming the original (the server adds it if it is left out).
  const body = {
    date,
    narration: (reason
      ? t`Reversal of ${reference}: ${reason}`
      : t`Reversal of ${reference}: ${narrationOf}`
    ).slice(0, 500),
  }
  const narrationText = body.narration
  const reverse = useReverseVoucher(voucher.id, {
    onSuccess: (reversal) => {
      const newReference = reversal.reference
      showToast({
        variant: 'success',
        title: t`${reference} was reversed by ${newReference}.`,
      })
      onReversed(reversal)
    },
    onError: (err) => toastUnlessFieldError(err, t`The voucher was not reversed`),
  })
  const check = () => {
    const fields = checkFields(ReverseVoucherSchema, body)
    if (!fields.date && date < voucher.date) {
      fields.date = t`A reversal cannot be dated before the voucher it reverses.`
    }
    return fields
  }
  const errors = { ...fieldErrors(reverse.error), ...(touched ? check() : {}) }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(check()).length) return
    reverse.mutate(body)
  }

  return (
    <Dialog
      title={t`Reverse ${reference}`}
      onClose={onClose}
      // Once sent, the reason is not lost: the reversal opens when it is posted.
      unsaved={narration !== '' && !reverse.isPending}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">
          <Trans>
            A new journal voucher posts every line of {reference} on the other side, so that
            together they cancel out. {reference} itself is kept unchanged.
          </Trans>
        </p>
        <Field
          label={t`Date of the reversal`}
          type="date"
          min={voucher.date}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={errors.date}
        />
        <Field
          label={t`Reason (optional)`}
          value={narration}
          placeholder={t`e.g. entered twice by mistake`}
          maxLength={400}
          onChange={(e) => setNarration(e.target.value)}
          error={errors.narration}
        />
        <p className="muted" data-testid="reversal-narration">
          <Trans>Narration: {narrationText}</Trans>
        </p>
        {errors._ && <p className="field-error">{errors._}</p>}
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton className="button button-danger" busy={reverse.isPending}>
            <Trans>Reverse voucher</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
