import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  CounterSettingsSchema,
  type CounterSettings as Settings,
  type ReceiptCopyChoice,
} from '../../shared/schemas/counter-settings.ts'
import { useSaveCounterSettings } from './mutations.ts'
import { counterSettingsQuery } from './queries.ts'

/**
 * The counter's settings beside the advance policy: the mobile-money providers the cashier picks
 * from (one a line) and whether a receipt prints the office's copy with the guardian's.
 */
export function CounterSettingsCard(): ReactElement | null {
  // The settings are read with the counter's permission: a role without it sees no card.
  return useAbility().can('read', 'payment-collection') ? <CounterSettings /> : null
}

function CounterSettings(): ReactElement {
  const { data } = useSuspenseQuery(counterSettingsQuery())
  const mayEdit = useAbility().can('update', 'advance-override')
  return (
    <section className="card" aria-labelledby="counter-settings">
      <h2 id="counter-settings">
        <Trans>Counter</Trans>
      </h2>
      {mayEdit ? (
        <CounterSettingsForm key={JSON.stringify(data)} saved={data} />
      ) : (
        <p>{data.mobileProviders.join(', ')}</p>
      )}
    </section>
  )
}

function CounterSettingsForm({ saved }: { saved: Settings }): ReactElement {
  const { t } = useLingui()
  const [providers, setProviders] = useState(saved.mobileProviders.join('\n'))
  const [copies, setCopies] = useState<ReceiptCopyChoice>(saved.receiptCopies)
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const save = useSaveCounterSettings({
    onSuccess: () => showToast({ variant: 'success', title: t`The counter settings are saved.` }),
    onError: (err) => toastUnlessFieldError(err, t`The counter settings were not saved`),
  })
  const body: Settings = {
    mobileProviders: providers
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean),
    receiptCopies: copies,
  }
  const errors = { ...fieldErrors(save.error), ...checkFields(CounterSettingsSchema, body) }
  const providerError =
    errors.mobileProviders ??
    Object.entries(errors).find(([field]) => field.startsWith('mobileProviders.'))?.[1]

  function submit(e: FormEvent) {
    e.preventDefault()
    if (Object.keys(checkFields(CounterSettingsSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextAreaField
        label={t`Mobile-money providers, one a line`}
        hint={t`The cashier picks one of these; none listed: the provider is typed.`}
        rows={4}
        value={providers}
        error={providerError}
        onChange={(e) => setProviders(e.target.value)}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={copies === 'both'}
          onChange={(e) => setCopies(e.target.checked ? 'both' : 'guardian')}
        />{' '}
        <Trans>Print the office’s copy with the guardian’s on each receipt</Trans>
      </label>
      <div className="form-actions">
        <SubmitButton busy={save.isPending}>
          <Trans>Save the counter settings</Trans>
        </SubmitButton>
      </div>
    </form>
  )
}
