import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useFormat } from '../../lib/format.ts'
import { showToast } from '../../lib/toasts.ts'
import { NewPasswordForm } from './guest/NewPasswordForm.tsx'
import { describeDevice } from '../../shared/device.ts'
import { currentUserQuery } from '../../lib/current-user.ts'
import { useChangePassword, useEndSession } from './mutations.ts'
import { sessionsQuery } from './session-queries.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import './auth.css'

function Sessions() {
  const format = useFormat()
  const { t } = useLingui()
  const { data } = useSuspenseQuery(sessionsQuery())
  const end = useEndSession({
    onSuccess: () => showToast({ variant: 'success', title: t`That sign-in has been ended.` }),
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
  const change = useChangePassword({
    onSuccess: () => {
      showToast({ variant: 'success', title: t`Your password has been changed.` })
      setFormKey((k) => k + 1)
    },
    onError: (err) => toastUnlessFieldError(err, t`Your password was not changed`),
  })
  const name = me.userData.fullName
  return (
    <div className="page">
      <PageHeader title={<Trans>Your account</Trans>} subtitle={name} />
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
