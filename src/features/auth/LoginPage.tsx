import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Field } from '../../components/form/Field.tsx'
import { PageLink } from '../../components/PageLink.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { navigateTo } from '../../lib/navigation.ts'
import { dismissToast } from '../../lib/toasts.ts'
import { LoginRequestSchema, type LoginRequest } from '../../shared/schemas/auth.ts'
import { AuthCard } from './AuthCard.tsx'
import { signupStatusQuery } from './queries.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts'
import { completeSignIn, useSignIn } from './sign-in.ts'

/**
 * The sign-in page. Served as a public page (src/public-app), the signed-in user's page is a new
 * document, the staff app; within the staff app, the router's next page.
 */
export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  const { t } = useLingui()
  const { toastUnlessFieldError } = useServerErrors()
  const signup = useQuery(signupStatusQuery())
  const [form, setForm] = useState<LoginRequest>({ username: '', password: '', remember_me: false })
  const [touched, setTouched] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  // Typed into the server-rendered page before its scripts ran.
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'username' || name === 'password') setForm((now) => ({ ...now, [name]: value }))
    if (name === 'remember_me') setForm((now) => ({ ...now, remember_me: value === 'true' }))
  })
  const parsed = v.safeParse(LoginRequestSchema, form)
  const invalid = parsed.success
    ? {}
    : (v.flatten<typeof LoginRequestSchema>(parsed.issues).nested ?? {})

  // The last refusal's toast: a new attempt takes it back, so it never outlives a good sign-in.
  const refusal = useRef<number | undefined>(undefined)
  const signIn = useSignIn({
    onSuccess: async (response, body) => {
      const href = await completeSignIn(response, body.remember_me ?? false, redirect)
      void navigateTo(href, { replace: true })
    },
    onError: (err) => {
      refusal.current = toastUnlessFieldError(err, t`Sign-in failed`)
    },
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (refusal.current !== undefined) dismissToast(refusal.current)
    if (parsed.success) signIn.mutate(parsed.output)
  }

  const appName = __APP_NAME__
  return (
    <AuthCard
      title={<Trans>Welcome to {appName}</Trans>}
      intro={<Trans>Please sign in to your account.</Trans>}
      footer={
        <>
          <PageLink href="/forgot-username-password">
            <Trans>Forgot your username or password?</Trans>
          </PageLink>
          {signup.data?.enabled && (
            <PageLink href="/register">
              <Trans>Register a new institute</Trans>
            </PageLink>
          )}
        </>
      }
    >
      <form ref={formRef} method="post" onSubmit={submit} noValidate>
        <Field
          label={<Trans>Username or email</Trans>}
          name="username"
          autoComplete="username"
          value={form.username}
          error={touched && invalid.username ? t`Please enter your username or email.` : undefined}
          onChange={(e) => setForm((now) => ({ ...now, username: e.target.value }))}
        />
        <Field
          label={<Trans>Password</Trans>}
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          error={touched && invalid.password ? t`Please enter your password.` : undefined}
          onChange={(e) => setForm((now) => ({ ...now, password: e.target.value }))}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="remember_me"
            checked={form.remember_me ?? false}
            onChange={(e) => setForm((now) => ({ ...now, remember_me: e.target.checked }))}
          />
          <Trans>Remember me</Trans>
        </label>
        <SubmitButton className="button button-primary button-block" busy={signIn.isPending}>
          {signIn.isPending ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
