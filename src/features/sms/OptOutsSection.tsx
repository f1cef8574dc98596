import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { SmsOptOutInputSchema, type SmsOptOutInput } from '../../shared/schemas/sms.ts'
import { useAddOptOut, useRemoveOptOut, useSaveSettings } from './mutations.ts'
import { optOutsQuery, smsSettingsQuery } from './queries.ts'

/**
 * The numbers the institute never messages (with why and since when), and the country its
 * numbers are read in when written without a country code: a number is matched however it is
 * written.
 */
export function OptOutsSection(): ReactElement {
  const { t, i18n } = useLingui()
  const { date } = useFormat()
  const ability = useAbility()
  const { data: settings } = useSuspenseQuery(smsSettingsQuery())
  const { data: optOuts } = useSuspenseQuery(optOutsQuery())
  const { fieldErrors, issues, toastUnlessFieldError } = useServerErrors()
  const [input, setInput] = useState<SmsOptOutInput>({ number: '', reason: '' })
  const [checked, setChecked] = useState(false)
  const regions = new Intl.DisplayNames([i18n.locale], { type: 'region' })
  const countries = settings.countries
    .map((code) => ({ code, name: regions.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.locale))
  const saveCountry = useSaveSettings({
    onSuccess: () => showToast({ variant: 'success', title: t`The country was saved.` }),
    onError: (err) => toastUnlessFieldError(err, t`The country was not saved`),
  })
  const add = useAddOptOut({
    onSuccess: (saved) => {
      setInput({ number: '', reason: '' })
      setChecked(false)
      const number = saved.number
      showToast({ variant: 'success', title: t`${number} gets no more messages.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The number was not added`),
  })
  const remove = useRemoveOptOut({
    onError: (err) => toastUnlessFieldError(err, t`The number was not taken off the list`),
  })
  const errors = {
    ...fieldErrors(add.error),
    ...(checked ? issues(SmsOptOutInputSchema, input) : {}),
  }
  const canChange = ability.can('update', 'sms-notification')
  const takeOffLabel = (number: string) => t`Take ${number} off the list`

  function submit(e: FormEvent) {
    e.preventDefault()
    setChecked(true)
    if (Object.keys(issues(SmsOptOutInputSchema, input)).length) return
    add.mutate(input)
  }

  return (
    <section className="card">
      <h2>
        <Trans>Numbers that get no messages</Trans>
      </h2>
      <SelectField
        label={t`Numbers without a country code are in`}
        value={settings.country}
        disabled={!canChange || saveCountry.isPending}
        onChange={(e) => saveCountry.mutate({ country: e.target.value })}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {ability.can('create', 'sms-notification') && (
        <form className="form-row" noValidate onSubmit={submit}>
          <Field
            label={t`Phone number`}
            type="tel"
            value={input.number}
            error={errors.number}
            onChange={(e) => setInput({ ...input, number: e.target.value })}
          />
          <Field
            label={t`Why`}
            value={input.reason}
            error={errors.reason}
            onChange={(e) => setInput({ ...input, reason: e.target.value })}
          />
          <SubmitButton busy={add.isPending}>
            <Trans>Add to the list</Trans>
          </SubmitButton>
        </form>
      )}
      {optOuts.data.length === 0 ? (
        <p className="muted">
          <Trans>No number has opted out.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: t`Phone number` },
                  { label: t`Why` },
                  { label: t`Since` },
                  { label: t`Actions` },
                ]}
              />
            </thead>
            <tbody>
              {optOuts.data.map((o) => (
                <tr key={o.id}>
                  <th scope="row">{o.number}</th>
                  <td>{o.reason}</td>
                  <td>{date(new Date(o.createdAt), 'medium')}</td>
                  <td className="row-actions">
                    {ability.can('delete', 'sms-notification') && (
                      <button
                        type="button"
                        className="button-link"
                        aria-label={takeOffLabel(o.number)}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(o.id)}
                      >
                        <Trans>Take off the list</Trans>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
