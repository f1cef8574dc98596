import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { showToast } from '../../lib/toasts.ts'
import { AuthCard, BackToSignIn } from './AuthCard.tsx'
import { recoveryFlow } from './recovery-flow.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useLookUpAccount, useSendCode } from './mutations.ts'
import { SubmitButton } from '../../components/SubmitButton.tsx'

/** §4 forgot password, step 1: the username. */
export function ForgotPasswordPage() {
  const { report } = useServerErrors()
  const { t } = useLingui()
  const navigate = useNavigate()
  const [username, setUsername] = useState(recoveryFlow.username)
  const sendCode = useSendCode()
  const lookUp = useLookUpAccount({
    onSuccess: ({ data }) => {
      recoveryFlow.username = data.user_username
      recoveryFlow.selectIdentity = { email: data.email, phone: data.phone }
      if (data.email && data.phone) {
        void navigate({ to: '/recover-identity' })
      } else if (data.email || data.phone) {
        const notifyType = data.email ? 'email' : 'phone'
        const toast = data.email
          ? t`A code has been sent to your email.`
          : t`A code has been sent to your mobile.`
        sendCode.mutate({ username: data.user_username, notifyType, toast })
      } else {
        showToast({
          variant: 'error',
          title: t`This account has no email address or mobile number.`,
          text: t`Ask your institute's administrator to reset your password.`,
        })
      }
    },
    onError: (err) => report(err, t`We could not find your account`),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (username.trim()) lookUp.mutate(username.trim())
  }
  return (
    <AuthCard
      title={<Trans>Forgot your password?</Trans>}
      intro={<Trans>Enter your username and we will send you a code to set a new password.</Trans>}
      footer={<BackToSignIn />}
    >
      <form onSubmit={submit} noValidate>
        <Field
          label={<Trans>Username</Trans>}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <SubmitButton
          className="button button-primary button-block"
          busy={lookUp.isPending || sendCode.isPending}
          disabled={!username.trim()}
        >
          <Trans>Continue</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
