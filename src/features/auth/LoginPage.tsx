import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { api, apiError } from '../../lib/api.ts'
import { showToast } from '../../lib/toasts.ts'
import { LoginRequestSchema, type LoginRequest } from '../../shared/schemas/auth.ts'

export function LoginPage() {
  const { t } = useLingui()
  const [form, setForm] = useState<LoginRequest>({ username: '', password: '', remember_me: false })
  const [touched, setTouched] = useState(false)
  const parsed = v.safeParse(LoginRequestSchema, form)
  const fieldErrors = parsed.success
    ? {}
    : (v.flatten<typeof LoginRequestSchema>(parsed.issues).nested ?? {})
  const messages = {
    username: t`Please enter your username or email.`,
    password: t`Please enter your password.`,
  }

  const signIn = useMutation({
    mutationFn: (body: LoginRequest) => api.post('auth/login', { json: body }).json(),
    onError: (err) => {
      showToast({ variant: 'error', title: t`Sign-in failed`, text: apiError(err)?.message })
    },
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (parsed.success) signIn.mutate(parsed.output)
  }

  const appName = __APP_NAME__
  return (
    <section className="auth-card card">
      <h1>
        <Trans>Welcome to {appName}</Trans>
      </h1>
      <p className="muted">
        <Trans>Please sign in to your account.</Trans>
      </p>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>
            <Trans>Username or email</Trans>
          </span>
          <input
            name="username"
            autoComplete="username"
            value={form.username}
            aria-invalid={touched && Boolean(fieldErrors.username)}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
          />
          {touched && fieldErrors.username && (
            <small className="field-error">{messages.username}</small>
          )}
        </label>
        <label className="field">
          <span>
            <Trans>Password</Trans>
          </span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={form.password}
            aria-invalid={touched && Boolean(fieldErrors.password)}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
          {touched && fieldErrors.password && (
            <small className="field-error">{messages.password}</small>
          )}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.remember_me ?? false}
            onChange={(e) => setForm({ ...form, remember_me: e.target.checked })}
          />
          <Trans>Remember me</Trans>
        </label>
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={signIn.isPending}
        >
          <Trans>Sign in</Trans>
        </button>
      </form>
    </section>
  )
}
