import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import { AdvanceSettingsSchema, type AdvanceSettings } from '../../shared/schemas/advances.ts'
import { useSaveAdvanceSettings } from './mutations.ts'
import { advanceSettingsQuery } from './queries.ts'

/**
 * The institute's advance policy: whether a new invoice is paid from the student's advance at
 * once, and from what amount an override waits for a second user's approval; with it, from what
 * cash difference a cashier's day closing waits for one too (the collection's one settings row).
 */
export function AdvancePolicy(): ReactElement {
  const { data } = useSuspenseQuery(advanceSettingsQuery())
  const mayEdit = useAbility().can('update', 'advance-override')
  return (
    <section className="card" aria-labelledby="advances-policy">
      <h2 id="advances-policy">
        <Trans>Policy</Trans>
      </h2>
      {mayEdit ? (
        <PolicyForm key={JSON.stringify(data)} saved={data} />
      ) : (
        <PolicyFacts policy={data} />
      )}
    </section>
  )
}

function PolicyFacts({ policy }: { policy: AdvanceSettings }): ReactElement {
  const money = useMoney()
  const above = money.format(policy.approvalAboveMinor)
  const dayAbove = money.format(policy.dayDifferenceApprovalAboveMinor)
  return (
    <>
      <p>
        {policy.autoApply ? (
          <Trans>New invoices are paid from the student’s advance at once.</Trans>
        ) : (
          <Trans>Advances are used only at the counter or by an override.</Trans>
        )}
      </p>
      <p>
        <Trans>Overrides above {above} wait for a second user’s approval.</Trans>
      </p>
      <p>
        <Trans>
          A day closed with a cash difference above {dayAbove} needs a reason, and the difference is
          posted once a second user approves it.
        </Trans>
      </p>
    </>
  )
}

function PolicyForm({ saved }: { saved: AdvanceSettings }): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const [autoApply, setAutoApply] = useState(saved.autoApply)
  const [above, setAbove] = useState(money.toInput(saved.approvalAboveMinor))
  const [dayAbove, setDayAbove] = useState(money.toInput(saved.dayDifferenceApprovalAboveMinor))
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const save = useSaveAdvanceSettings({
    onSuccess: () => showToast({ variant: 'success', title: t`The policy is saved.` }),
    onError: (err) => toastUnlessFieldError(err, t`The policy was not saved`),
  })
  const body = {
    autoApply,
    approvalAboveMinor: money.parse(above) ?? -1,
    dayDifferenceApprovalAboveMinor: money.parse(dayAbove) ?? -1,
  }
  const errors = { ...fieldErrors(save.error), ...checkFields(AdvanceSettingsSchema, body) }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (Object.keys(checkFields(AdvanceSettingsSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      <label className="check">
        <input
          type="checkbox"
          checked={autoApply}
          onChange={(e) => setAutoApply(e.target.checked)}
        />{' '}
        <Trans>Pay new invoices from the student’s advance at once</Trans>
      </label>
      <Field
        label={t`Overrides above this amount need a second user’s approval`}
        inputMode="decimal"
        value={above}
        error={errors.approvalAboveMinor}
        onChange={(e) => setAbove(e.target.value)}
      />
      <Field
        label={t`A day’s cash difference above this amount needs a second user’s approval`}
        inputMode="decimal"
        value={dayAbove}
        error={errors.dayDifferenceApprovalAboveMinor}
        onChange={(e) => setDayAbove(e.target.value)}
      />
      <div className="form-actions">
        <SubmitButton busy={save.isPending}>
          <Trans>Save the policy</Trans>
        </SubmitButton>
      </div>
    </form>
  )
}
