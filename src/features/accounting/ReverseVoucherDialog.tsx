import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Dialog } from '../../components/Dialog.tsx'
import { Field } from '../../components/form/Field.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { ReverseVoucherSchema, type Voucher } from '../../shared/schemas/accounting.ts'
import { todayIso } from '../../lib/dates.ts'
import { useReverseVoucher } from './mutations.ts'

/** Posts the mirror image of a voucher on a chosen day; the original stays as it was. */
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
  // Today, unless the voucher is dated later: a reversal never comes before what it reverses.
  const [date, setDate] = useState(() => (todayIso() < voucher.date ? voucher.date : todayIso()))
  const [narration, setNarration] = useState('')
  const [touched, setTouched] = useState(false)
  const reference = voucher.reference
  const narrationOf = voucher.narration
  const body = { date, narration: narration.trim() || undefined }
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
    <Dialog title={t`Reverse ${reference}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">
          <Trans>
            A new voucher posts every line of {reference} on the other side, so that together they
            cancel out. {reference} itself is kept unchanged.
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
          label={t`Narration (optional)`}
          value={narration}
          placeholder={t`Reversal of ${reference}: ${narrationOf}`}
          maxLength={500}
          onChange={(e) => setNarration(e.target.value)}
          error={errors.narration}
        />
        {errors._ && <p className="field-error">{errors._}</p>}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button-danger" disabled={reverse.isPending}>
            <Trans>Reverse voucher</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  )
}
