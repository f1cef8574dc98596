import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { CreateInstituteSchema, type CreateInstitute } from '../../shared/schemas/platform.ts'
import { useCreateInstitute } from './mutations.ts'

type Values = Required<{ [K in keyof CreateInstitute]: string }>

const empty: Values = {
  name: '',
  slug: '',
  currency: 'BDT',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  adminUsername: '',
  adminFullName: '',
  adminEmail: '',
  adminPhone: '',
}

/** An address for the institute's links, from its name: "Riverside Academy" → riverside-academy. */
const slugFrom = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)

/**
 * A new institute, set up as every institute starts, and its first admin, who is sent a
 * temporary password by email or SMS and chooses their own at first sign-in.
 */
export function CreateInstituteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const zonesId = useId()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  // One key for this form: a double click or a retry creates one institute.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [values, setValues] = useState<Values>(empty)
  const [slugEdited, setSlugEdited] = useState(false)
  const [touched, setTouched] = useState(false)
  const slugShown = values.slug || 'riverside'
  const unsaved = (Object.keys(empty) as (keyof Values)[]).some((f) => values[f] !== empty[f])
  const create = useCreateInstitute(idempotencyKey, {
    onSuccess: ({ institute, admin }) => {
      const name = institute.name
      const username = admin.username
      showToast({
        variant: 'success',
        title: t`${name} is open.`,
        text:
          admin.sentTo.length > 0
            ? t`${username} was sent a temporary password and chooses their own at first sign-in.`
            : undefined,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The institute was not created`),
  })
  const local = touched ? checkFields(CreateInstituteSchema, values) : {}
  const errors = { ...fieldErrors(create.error), ...local }
  const set = (field: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }))

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(CreateInstituteSchema, values)).length) return
    create.mutate(values)
  }

  return (
    <Dialog title={t`New institute`} onClose={onClose} unsaved={unsaved}>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t`Name`}
          value={values.name}
          onChange={(e) => {
            const name = e.target.value
            setValues((v) => ({ ...v, name, slug: slugEdited ? v.slug : slugFrom(name) }))
          }}
          error={errors.name}
        />
        <Field
          label={t`Address`}
          value={values.slug}
          onChange={(e) => {
            setSlugEdited(true)
            set('slug')(e)
          }}
          hint={<Trans>In its links, such as /admission/{slugShown}</Trans>}
          autoComplete="off"
          error={errors.slug}
        />
        <Field
          label={t`Currency`}
          value={values.currency}
          onChange={set('currency')}
          hint={<Trans>A code of ISO 4217, such as BDT, EUR or USD.</Trans>}
          maxLength={3}
          autoComplete="off"
          error={errors.currency}
        />
        <Field
          label={t`Time zone`}
          value={values.timezone}
          onChange={set('timezone')}
          list={zonesId}
          autoComplete="off"
          error={errors.timezone}
        />
        <datalist id={zonesId}>
          {Intl.supportedValuesOf('timeZone').map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <fieldset className="field">
          <legend>
            <Trans>Its first administrator</Trans>
          </legend>
          <Field
            label={t`Username`}
            value={values.adminUsername}
            onChange={set('adminUsername')}
            autoComplete="off"
            error={errors.adminUsername}
          />
          <Field
            label={t`Full name`}
            value={values.adminFullName}
            onChange={set('adminFullName')}
            error={errors.adminFullName}
          />
          <Field
            label={t`Email`}
            type="email"
            value={values.adminEmail}
            onChange={set('adminEmail')}
            hint={<Trans>The temporary password is sent to the email and the mobile number.</Trans>}
            error={errors.adminEmail}
          />
          <Field
            label={t`Mobile number`}
            type="tel"
            value={values.adminPhone}
            onChange={set('adminPhone')}
            error={errors.adminPhone}
          />
        </fieldset>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={create.isPending}>
            <Trans>Create institute</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
