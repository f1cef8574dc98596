import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { UnsavedChangesPrompt } from '../../components/Dialog.tsx'
import { Field, SelectField, TextAreaField } from '../../components/form/Field.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts'
import {
  InstituteSettingsInputSchema,
  instituteLocales,
  type InstituteSettings,
  type InstituteSettingsInput,
} from '../../shared/schemas/institutes.ts'
import { LogoCard } from './LogoCard.tsx'
import { useSaveSettings } from './mutations.ts'
import { settingsQuery } from './queries.ts'
import './institutes.css'

type Draft = Required<InstituteSettingsInput>

const draftOf = (s: InstituteSettings): Draft => ({
  name: s.name,
  shortName: s.shortName,
  slug: s.slug,
  address: s.address,
  phone: s.phone,
  email: s.email,
  currency: s.currency,
  timezone: s.timezone,
  locale: s.locale,
})

/** The choices of a list Intl knows, with the current value kept even when Intl lacks it. */
const withCurrent = (values: readonly string[], current: string) =>
  values.includes(current) ? values : [current, ...values]

/** /institute-settings: the institute's name, public address, logo, contacts and conventions. */
export function SettingsPage(): ReactElement {
  const { data } = useSuspenseQuery(settingsQuery())
  return (
    <div className="page institutes-page">
      <PageHeader
        title={<Trans>Institute settings</Trans>}
        subtitle={
          <Trans>
            How the institute appears to staff and applicants, and the currency, time zone and
            language its office works in.
          </Trans>
        }
      />
      <div className="institute-settings">
        {/* A saved (or refetched) institute starts the form afresh. */}
        <SettingsForm key={JSON.stringify(draftOf(data))} settings={data} />
        <LogoCard settings={data} />
      </div>
    </div>
  )
}

function SettingsForm({ settings }: { settings: InstituteSettings }) {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const editable = ability.can('update', 'institute')
  const initial = draftOf(settings)
  const [draft, setDraft] = useState<Draft>(initial)
  const [touched, setTouched] = useState(false)
  const save = useSaveSettings({
    onSuccess: () =>
      showToast({ variant: 'success', title: t`The institute settings were saved.` }),
    onError: (err) => toastUnlessFieldError(err, t`The settings were not saved`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...(touched ? checkFields(InstituteSettingsInputSchema, draft) : {}),
  }
  const changed = JSON.stringify(draft) !== JSON.stringify(initial)
  const guard = useUnsavedChanges(changed && editable && !save.isPending)
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }))

  const currencyNames = new Intl.DisplayNames(i18n.locale, { type: 'currency' })
  const currencies = withCurrent(Intl.supportedValuesOf('currency'), settings.currency)
  const timeZones = withCurrent(['UTC', ...Intl.supportedValuesOf('timeZone')], settings.timezone)
  const languageName = (code: string) =>
    new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code
  const link = `${window.location.origin}/admission/${draft.slug.trim().toLowerCase()}`
  const slugMoved = draft.slug.trim().toLowerCase() !== settings.slug

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(InstituteSettingsInputSchema, draft)).length) return
    save.mutate(draft)
  }

  return (
    <form className="card form" noValidate onSubmit={submit} aria-label={t`Institute settings`}>
      <fieldset className="plain" disabled={!editable}>
        <legend>
          <h2>
            <Trans>Name and public address</Trans>
          </h2>
        </legend>
        <Field
          label={t`Name`}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          autoComplete="organization"
        />
        <Field
          label={t`Short name`}
          value={draft.shortName}
          onChange={(e) => set({ shortName: e.target.value })}
          error={errors.shortName}
          hint={<Trans>Where space is tight, as on receipts (at most 20 characters).</Trans>}
        />
        <Field
          label={t`Address of the public pages`}
          value={draft.slug}
          onChange={(e) => set({ slug: e.target.value })}
          error={errors.slug}
          spellCheck={false}
          autoCapitalize="none"
          hint={
            <>
              <span className="institute-link">{link}</span>{' '}
              {slugMoved ? (
                <Trans>Links with the old address keep working: they lead here.</Trans>
              ) : (
                <Trans>Lowercase letters, digits and hyphens.</Trans>
              )}
            </>
          }
        />
      </fieldset>
      <fieldset className="plain" disabled={!editable}>
        <legend>
          <h2>
            <Trans>Contact</Trans>
          </h2>
        </legend>
        <TextAreaField
          label={t`Address`}
          value={draft.address}
          rows={2}
          onChange={(e) => set({ address: e.target.value })}
          error={errors.address}
          autoComplete="street-address"
        />
        <div className="form-row">
          <Field
            label={t`Phone`}
            type="tel"
            value={draft.phone}
            onChange={(e) => set({ phone: e.target.value })}
            error={errors.phone}
            autoComplete="tel"
          />
          <Field
            label={t`Email`}
            type="email"
            value={draft.email}
            onChange={(e) => set({ email: e.target.value })}
            error={errors.email}
            autoComplete="email"
          />
        </div>
      </fieldset>
      <fieldset className="plain" disabled={!editable}>
        <legend>
          <h2>
            <Trans>Money, time and language</Trans>
          </h2>
        </legend>
        <SelectField
          label={t`Currency`}
          value={draft.currency}
          onChange={(e) => set({ currency: e.target.value })}
          error={errors.currency}
          disabled={settings.currencyLocked}
          hint={
            settings.currencyLocked ? (
              <Trans>Vouchers exist in this currency, so it can no longer change.</Trans>
            ) : (
              <Trans>
                Amounts are kept in its smallest unit: choose it before the first voucher.
              </Trans>
            )
          }
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code} — {currencyNames.of(code) ?? code}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Time zone`}
          value={draft.timezone}
          onChange={(e) => set({ timezone: e.target.value })}
          error={errors.timezone}
        >
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Default language`}
          value={draft.locale}
          onChange={(e) => set({ locale: e.target.value as Draft['locale'] })}
          error={errors.locale}
        >
          {instituteLocales.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageName(code)}
            </option>
          ))}
        </SelectField>
      </fieldset>
      {editable && (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={!changed || save.isPending}
            onClick={() => {
              setDraft(initial)
              setTouched(false)
              save.reset()
            }}
          >
            <Trans>Undo changes</Trans>
          </button>
          <SubmitButton busy={save.isPending} disabled={!changed}>
            <Trans>Save</Trans>
          </SubmitButton>
        </div>
      )}
      <UnsavedChangesPrompt guard={guard} />
    </form>
  )
}
