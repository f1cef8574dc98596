import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { Field } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useClientValue } from '../../../lib/client-value.ts'
import { navigateTo } from '../../../lib/navigation.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration.ts'
import { AuthCard, BackToSignIn } from '../AuthCard.tsx'
import { recoveryFlow } from './recovery-flow.ts'
import { useLookUpAccount, useSendCode } from './recovery.ts'

/** §4 forgot password, step 1: the username (the one given before, when starting again). */
export function ForgotPasswordPage() {
  const { report } = useServerErrors()
  const { t } = useLingui()
  const remembered = useClientValue(() => recoveryFlow.username, '')
  const [typed, setTyped] = useState<string>()
  const username = typed ?? remembered
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, (name, value) => name === 'username' && setTyped(value))
  const sendCode = useSendCode()
  const lookUp = useLookUpAccount({
    onSuccess: ({ data }) => {
      recoveryFlow.username = data.user_username
      recoveryFlow.selectIdentity = { email: data.email, phone: data.phone }
      if (data.email && data.phone) {
        void navigateTo('/recover-identity')
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
      <form ref={formRef} onSubmit={submit} noValidate>
        <Field
          label={<Trans>Username</Trans>}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setTyped(e.target.value)}
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
