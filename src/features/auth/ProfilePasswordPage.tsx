import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api, postJson } from '../../lib/api.ts'
import { useFormat } from '../../lib/format.ts'
import { showToast } from '../../lib/toasts.ts'
import { StatusSchema } from '../../shared/schemas/auth.ts'
import { NewPasswordForm, type NewPasswordValues } from './NewPasswordForm.tsx'
import { describeDevice } from '../../shared/device.ts'
import { currentUserQuery } from '../../lib/current-user.ts'
import { sessionsQuery } from './queries.ts'
import { useServerErrors } from '../../lib/server-errors.ts'

function Sessions() {
  const format = useFormat()
  const queryClient = useQueryClient()
  const { t } = useLingui()
  const { data } = useSuspenseQuery(sessionsQuery())
  const end = useMutation({
    mutationFn: (id: string) => api.delete(`auth/sessions/${id}`).json(),
    onSuccess: () => {
      showToast({ variant: 'success', title: t`That sign-in has been ended.` })
      return queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey })
    },
  })
  return (
    <section className="card" data-testid="sessions">
      <h2>
        <Trans>Where you are signed in</Trans>
      </h2>
      <ul className="session-list">
        {data.data.map((s) => {
          const since = format.dateTime(new Date(s.createdAt))
          const { browser, system } = describeDevice(s.userAgent)
          const device =
            browser && system
              ? t`${browser} on ${system}`
              : (browser ?? system ?? t`Unknown device`)
          return (
            <li key={s.id}>
              <span>
                <strong title={s.userAgent ?? undefined}>{device}</strong>
                <br />
                <small className="muted">
                  <Trans>Signed in {since}</Trans>
                </small>
              </span>
              {s.current ? (
                <span className="badge">
                  <Trans>This device</Trans>
                </span>
              ) : (
                <button type="button" className="button-link" onClick={() => end.mutate(s.id)}>
                  <Trans>Sign out there</Trans>
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** /profile-password-change: one's own password, and one's sign-ins on other devices. */
export function ProfilePasswordPage() {
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const { t } = useLingui()
  const { data: me } = useSuspenseQuery(currentUserQuery())
  const [formKey, setFormKey] = useState(0)
  const change = useMutation({
    mutationFn: (values: NewPasswordValues) =>
      postJson('auth/user-password-update', values, StatusSchema),
    onSuccess: () => {
      showToast({ variant: 'success', title: t`Your password has been changed.` })
      setFormKey((k) => k + 1)
    },
    onError: (err) => toastUnlessFieldError(err, t`Your password was not changed`),
  })
  const name = me.userData.fullName
  return (
    <div className="page">
      <header className="page-header">
        <h1>
          <Trans>Your account</Trans>
        </h1>
        <p className="muted">{name}</p>
      </header>
      <div className="grid">
        <section className="card">
          <h2>
            <Trans>Change your password</Trans>
          </h2>
          <NewPasswordForm
            key={formKey}
            askCurrent
            submitLabel={<Trans>Change password</Trans>}
            pending={change.isPending}
            serverErrors={fieldErrors(change.error)}
            onSubmit={(values) => change.mutate(values)}
          />
        </section>
        <Sessions />
      </div>
    </div>
  )
}
