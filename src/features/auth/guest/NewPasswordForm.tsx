import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Field } from '../../../components/form/Field.tsx'
import { passwordMaxLength, passwordMinLength } from '../../../shared/schemas/auth.ts'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration.ts'

interface NewPasswordValues {
  current_password: string
  password: string
  password_confirmation: string
}

/**
 * A new password and its confirmation (and the current one when asked), checked here with the
 * shared rules; what only the server knows (a common password) comes back in `serverErrors`.
 */
export function NewPasswordForm(props: {
  askCurrent?: boolean
  submitLabel: ReactNode
  pending: boolean
  serverErrors: Record<string, string | undefined>
  onSubmit: (values: NewPasswordValues) => void
}) {
  const { t } = useLingui()
  const [values, setValues] = useState<NewPasswordValues>({
    current_password: '',
    password: '',
    password_confirmation: '',
  })
  const [touched, setTouched] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  // Typed into the server-rendered page (the recovery's last step) before its scripts ran.
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name in values) setValues((now) => ({ ...now, [name]: value }))
  })
  const min = passwordMinLength
  const max = passwordMaxLength
  const local = {
    current_password:
      props.askCurrent && !values.current_password
        ? t`Please enter your current password.`
        : undefined,
    password:
      values.password.length < min
        ? t({
            message: plural(min, {
              one: 'The password must be at least # character.',
              other: 'The password must be at least # characters.',
            }),
          })
        : values.password.length > max
          ? t({
              message: plural(max, {
                one: 'The password must be at most # character.',
                other: 'The password must be at most # characters.',
              }),
            })
          : undefined,
    password_confirmation:
      values.password_confirmation !== values.password
        ? t`The password confirmation does not match.`
        : undefined,
  }
  const shown = (field: keyof NewPasswordValues) =>
    (touched ? local[field] : undefined) ?? props.serverErrors[field]
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (!Object.values(local).some(Boolean)) props.onSubmit(values)
  }
  const set = (field: keyof NewPasswordValues) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value })
  return (
    <form ref={formRef} method="post" onSubmit={submit} noValidate>
      {props.askCurrent && (
        <Field
          label={<Trans>Current password</Trans>}
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={values.current_password}
          error={shown('current_password')}
          onChange={set('current_password')}
        />
      )}
      <Field
        label={<Trans>New password</Trans>}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={shown('password')}
        onChange={set('password')}
      />
      <Field
        label={<Trans>Confirm the new password</Trans>}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        value={values.password_confirmation}
        error={shown('password_confirmation')}
        onChange={set('password_confirmation')}
      />
      <SubmitButton className="button button-primary button-block" busy={props.pending}>
        {props.submitLabel}
      </SubmitButton>
    </form>
  )
}
