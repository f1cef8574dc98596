import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import {
  PaymentPeriodInputSchema,
  type PaymentCycle,
  type PaymentPeriod,
  type PaymentPeriodInput,
} from '../../../shared/schemas/fee-setup.ts'
import { useSavePeriod } from './mutations.ts'

/** A period of a cycle to edit (its name, days, issue and due dates), or a new one to add. */
export function PeriodDialog({
  cycle,
  period,
  onClose,
}: {
  cycle: PaymentCycle
  period?: PaymentPeriod | undefined
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const last = cycle.periods.at(-1)
  const [initial] = useState<PaymentPeriodInput>(() => ({
    name: period?.name ?? '',
    startsOn: period?.startsOn ?? last?.endsOn ?? '',
    endsOn: period?.endsOn ?? last?.endsOn ?? '',
    issueDate: period?.issueDate ?? last?.endsOn ?? '',
    dueDate: period?.dueDate ?? last?.endsOn ?? '',
  }))
  const [draft, setDraft] = useState(initial)
  const [touched, setTouched] = useState(false)
  const save = useSavePeriod(cycle, period, {
    onSuccess: () => {
      const name = draft.name
      showToast({ variant: 'success', title: t`The period ${name} was saved.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The period was not saved`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...(touched ? checkFields(PaymentPeriodInputSchema, draft) : {}),
  }
  const set = (change: Partial<PaymentPeriodInput>) =>
    setDraft((current) => ({ ...current, ...change }))
  const name = period?.name ?? ''

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(PaymentPeriodInputSchema, draft)).length) return
    save.mutate(draft)
  }

  return (
    <Dialog
      title={period ? t`Edit ${name}` : t`New period`}
      onClose={onClose}
      unsaved={JSON.stringify(draft) !== JSON.stringify(initial) && !save.isPending}
    >
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t`Name`}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          autoFocus
        />
        <Field
          label={t`First day`}
          type="date"
          value={draft.startsOn}
          onChange={(e) => set({ startsOn: e.target.value })}
          error={errors.startsOn}
        />
        <Field
          label={t`Last day`}
          type="date"
          value={draft.endsOn}
          onChange={(e) => set({ endsOn: e.target.value })}
          error={errors.endsOn}
        />
        <Field
          label={t`Issue date`}
          type="date"
          value={draft.issueDate}
          onChange={(e) => set({ issueDate: e.target.value })}
          error={errors.issueDate}
          hint={<Trans>When the period’s invoices are issued.</Trans>}
        />
        <Field
          label={t`Due date`}
          type="date"
          value={draft.dueDate}
          onChange={(e) => set({ dueDate: e.target.value })}
          error={errors.dueDate}
          hint={<Trans>Fines for late payment count from this day.</Trans>}
        />
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            {period ? <Trans>Save</Trans> : <Trans>Add period</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
