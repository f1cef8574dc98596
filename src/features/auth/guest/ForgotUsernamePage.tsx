import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { Field } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { navigateTo } from '../../../lib/navigation.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration.ts'
import { AuthCard, BackToSignIn } from '../AuthCard.tsx'
import { useSendUsername } from './recovery.ts'

export function ForgotUsernamePage() {
  const { report } = useServerErrors()
  const { t } = useLingui()
  const [emailOrMobile, setEmailOrMobile] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(
    formRef,
    (name, value) => name === 'emailOrMobile' && setEmailOrMobile(value),
  )
  const send = useSendUsername({
    onSuccess: (res) => {
      // §4: the toast names where the username went, from the key the server returned.
      const title =
        'phone' in res.data
          ? t`Your username has been sent to your mobile.`
          : t`Your username has been sent to your email.`
      setEmailOrMobile('')
      void navigateTo('/login', { toast: { variant: 'success', title } })
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
      <form ref={formRef} onSubmit={submit} noValidate>
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
