import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { showToast } from '../../lib/toasts.ts'
import { AuthCard, BackToSignIn } from './AuthCard.tsx'
import { useSendUsername } from './mutations.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { SubmitButton } from '../../components/SubmitButton.tsx'

export function ForgotUsernamePage() {
  const { report } = useServerErrors()
  const { t } = useLingui()
  const navigate = useNavigate()
  const [emailOrMobile, setEmailOrMobile] = useState('')
  const send = useSendUsername({
    onSuccess: (res) => {
      // §4: the toast names where the username went, from the key the server returned.
      const title =
        'phone' in res.data
          ? t`Your username has been sent to your mobile.`
          : t`Your username has been sent to your email.`
      showToast({ variant: 'success', title })
      setEmailOrMobile('')
      void navigate({ to: '/login' })
    },
    onError: (err) => report(err, t`We could not send your username`),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (emailOrMobile.trim()) send.mutate(emailOrMobile.trim())
  }
  return (
    <AuthCard
      title={<Trans>Forgot your username?</Trans>}
      intro={<Trans>Enter the email address or mobile number of your account.</Trans>}
      footer={<BackToSignIn />}
    >
      <form onSubmit={submit} noValidate>
        <Field
          label={<Trans>Email or mobile number</Trans>}
          name="emailOrMobile"
          autoComplete="email"
          value={emailOrMobile}
          onChange={(e) => setEmailOrMobile(e.target.value)}
        />
        <SubmitButton
          className="button button-primary button-block"
          busy={send.isPending}
          disabled={!emailOrMobile.trim()}
        >
          <Trans>Send my username</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
