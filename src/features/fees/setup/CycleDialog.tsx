import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field, SelectField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import {
  cycleFrequencies,
  PaymentCycleInputSchema,
  type CycleFrequency,
  type PaymentCycle,
} from '../../../shared/schemas/fee-setup.ts'
import { frequencyLabels } from '../labels.ts'
import { useCreateCycle, useRenameCycle } from './mutations.ts'

/** A new payment cycle of the session (its periods generated), or one to rename. */
export function CycleDialog({
  academicSessionId,
  sessionName,
  cycle,
  onClose,
}: {
  academicSessionId: string
  sessionName: string
  cycle?: PaymentCycle | undefined
  onClose: () => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [name, setName] = useState(cycle?.name ?? '')
  const cycleName = cycle?.name ?? ''
  const [frequency, setFrequency] = useState<CycleFrequency>(cycle?.frequency ?? 'monthly')
  const [dueAfter, setDueAfter] = useState('9')
  const [touched, setTouched] = useState(false)
  const feedback = {
    onSuccess: (saved: PaymentCycle) => {
      const savedName = saved.name
      showToast({
        variant: 'success',
        title: cycle
          ? t`The payment cycle ${savedName} was saved.`
          : t`The payment cycle ${savedName} was added with its periods.`,
      })
      onClose()
    },
    onError: (err: Error) => toastUnlessFieldError(err, t`The payment cycle was not saved`),
  }
  const create = useCreateCycle(feedback)
  const rename = useRenameCycle(feedback)
  const pending = create.isPending || rename.isPending
  const body = {
    academicSessionId,
    name,
    frequency,
    dueAfterDays: dueAfter.trim() === '' ? 0 : Number(dueAfter),
  }
  const errors = {
    ...fieldErrors(create.error ?? rename.error),
    ...(touched ? checkFields(PaymentCycleInputSchema, body) : {}),
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(PaymentCycleInputSchema, body)).length) return
    if (cycle) rename.mutate({ cycleId: cycle.id, name })
    else create.mutate(body)
  }

  return (
    <Dialog
      title={cycle ? t`Rename ${cycleName}` : t`New payment cycle for ${sessionName}`}
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t`Name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoFocus
        />
        {!cycle && (
          <>
            <SelectField
              label={t`Frequency`}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as CycleFrequency)}
              error={errors.frequency}
              hint={
                <Trans>
                  The periods are made over the session’s dates; a custom cycle starts as one period
                  to divide as needed.
                </Trans>
              }
            >
              {cycleFrequencies.map((f) => (
                <option key={f} value={f}>
                  {i18n._(frequencyLabels[f])}
                </option>
              ))}
            </SelectField>
            <Field
              label={t`Days from issue to due date`}
              type="number"
              min={0}
              inputMode="numeric"
              value={dueAfter}
              onChange={(e) => setDueAfter(e.target.value)}
              error={errors.dueAfterDays}
              hint={
                <Trans>
                  Each period is issued on its first day; you can change each date later.
                </Trans>
              }
            />
          </>
        )}
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={pending}>
            {cycle ? <Trans>Save</Trans> : <Trans>Add cycle</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
