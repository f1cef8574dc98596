import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { Field } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { navigateTo } from '../../../lib/navigation.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration.ts'
import { passwordMinLength, type RegisterRequest } from '../../../shared/schemas/auth.ts'
import { AuthCard, BackToSignIn } from '../AuthCard.tsx'
import { signupStatusQuery } from '../queries.ts'
import { completeSignIn, useRegister } from '../sign-in.ts'

/** /register: a new institute and its first administrator, when sign-up is turned on. */
export function RegisterPage() {
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const { t } = useLingui()
  const { data: signup } = useSuspenseQuery(signupStatusQuery())
  const [form, setForm] = useState<RegisterRequest>({
    institute_name: '',
    full_name: '',
    username: '',
    email: '',
    password: '',
  })
  const [touched, setTouched] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  // Typed into the server-rendered page before its scripts ran.
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name in form) setForm((now) => ({ ...now, [name]: value }))
  })
  const register = useRegister({
    onSuccess: async (res) => {
      void navigateTo(await completeSignIn(res, false), { replace: true })
    },
    onError: (err) => toastUnlessFieldError(err, t`The registration did not go through`),
  })
  const min = passwordMinLength
  // §5's words for the two fields it names; the server says the same.
  const local: Record<keyof RegisterRequest, string | undefined> = {
    institute_name: form.institute_name.trim() ? undefined : t`Please enter the institute name.`,
    full_name: form.full_name.trim() ? undefined : t`Please enter your name.`,
    username: form.username.trim() ? undefined : t`Please enter your username.`,
    email: form.email.trim() ? undefined : t`Please enter your email.`,
    password:
      form.password.length >= min
        ? undefined
        : t({
            message: plural(min, {
              one: 'The password must be at least # character.',
              other: 'The password must be at least # characters.',
            }),
          }),
  }
  const server = fieldErrors(register.error)
  const error = (field: keyof RegisterRequest) =>
    (touched ? local[field] : undefined) ?? server[field]
  const set = (field: keyof RegisterRequest) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (!Object.values(local).some(Boolean)) register.mutate(form)
  }
  const back = <BackToSignIn />
  if (!signup.enabled) {
    return (
      <AuthCard title={<Trans>Registration is closed</Trans>} footer={back}>
        <p>
          <Trans>
            New institutes are added by the system's administrator. Ask them for an account.
          </Trans>
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={<Trans>Register your institute</Trans>} footer={back}>
      <form ref={formRef} method="post" onSubmit={submit} noValidate>
        <Field
          label={<Trans>Institute name</Trans>}
          name="institute_name"
          value={form.institute_name}
          error={error('institute_name')}
          onChange={set('institute_name')}
        />
        <Field
          label={<Trans>Your name</Trans>}
          name="full_name"
          autoComplete="name"
          value={form.full_name}
          error={error('full_name')}
          onChange={set('full_name')}
        />
        <Field
          label={<Trans>Username</Trans>}
          name="username"
          autoComplete="username"
          value={form.username}
          error={error('username')}
          onChange={set('username')}
        />
        <Field
          label={<Trans>Email</Trans>}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          error={error('email')}
          onChange={set('email')}
        />
        <Field
          label={<Trans>Password</Trans>}
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          error={error('password')}
          onChange={set('password')}
        />
        <SubmitButton className="button button-primary button-block" busy={register.isPending}>
          <Trans>Register</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
