import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field, SelectField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { feeRoundings, type FeeRounding } from '../../../shared/fees/adjust-amount.ts'
import { parseMajorAmount } from '../../../shared/money.ts'
import type { FeeStructure } from '../../../shared/schemas/fee-setup.ts'
import { roundingLabels } from '../labels.ts'
import { useCopyFeeConfig } from './mutations.ts'
import { numberFormat } from '../../../shared/intl-formats.ts'

/** A percentage as typed ("5", "-2,5") in basis points, exactly; undefined when it is not one. */
function basisPoints(text: string, decimal: '.' | ','): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  const negative = /^[-−]/.test(trimmed)
  const bp = parseMajorAmount(trimmed.replace(/^[-−+]/, ''), 2, decimal)
  return bp === undefined ? undefined : negative ? -bp : bp
}

/**
 * Copies a session's whole fee configuration to another session, each amount changed by a
 * percentage and rounded; a recurring fee goes to the target's cycle of the same name.
 */
export function CopyConfigDialog({
  sessions,
  fromSessionId,
  onClose,
}: {
  sessions: FeeStructure['sessions']
  fromSessionId: string
  onClose: () => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const decimal = numberFormat(i18n.locale).format(1.5).includes(',') ? ',' : '.'
  const others = sessions.filter((s) => s.id !== fromSessionId)
  const [toSessionId, setTo] = useState(others.at(-1)?.id ?? '')
  const [percent, setPercent] = useState('')
  const [rounding, setRounding] = useState<FeeRounding>('minor')
  const changeBp = basisPoints(percent, decimal)
  const copy = useCopyFeeConfig({
    onSuccess: ({ copied, skipped }) => {
      showToast({
        variant: 'success',
        title: t({
          message: plural(copied, { one: '# amount was copied.', other: '# amounts were copied.' }),
        }),
        ...(skipped > 0 && {
          text: t({
            message: plural(skipped, {
              one: '# recurring amount was left out: the target session has no payment cycle of the same name.',
              other:
                '# recurring amounts were left out: the target session has no payment cycle of the same name.',
            }),
          }),
        }),
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`Nothing was copied`),
  })
  const errors = fieldErrors(copy.error)
  const from = sessions.find((s) => s.id === fromSessionId)?.name ?? ''

  function submit(e: FormEvent) {
    e.preventDefault()
    if (changeBp === undefined || !toSessionId) return
    copy.mutate({ fromSessionId, toSessionId, changeBp, rounding })
  }

  return (
    <Dialog title={t`Copy the fees of ${from}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <SelectField
          label={t`To session`}
          value={toSessionId}
          onChange={(e) => setTo(e.target.value)}
          error={errors.toSessionId}
        >
          {others.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <Field
          label={t`Change in percent`}
          inputMode="decimal"
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
          error={
            changeBp === undefined ? t`Enter a percentage such as 5 or -2.5.` : errors.changeBp
          }
          hint={<Trans>Empty copies the amounts as they are; a minus lowers them.</Trans>}
        />
        <SelectField
          label={t`Rounding`}
          value={rounding}
          onChange={(e) => setRounding(e.target.value as FeeRounding)}
          error={errors.rounding}
          hint={
            <Trans>
              Halves are rounded up. Amounts already set in the target session are replaced.
            </Trans>
          }
        >
          {feeRoundings.map((r) => (
            <option key={r} value={r}>
              {i18n._(roundingLabels[r])}
            </option>
          ))}
        </SelectField>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={copy.isPending} disabled={changeBp === undefined || !toSessionId}>
            <Trans>Copy fees</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
