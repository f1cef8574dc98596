import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { Field } from '../../../components/form/Field.tsx'
import { PageLink } from '../../../components/PageLink.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { httpStatus } from '../../../lib/http-error.ts'
import { navigateTo } from '../../../lib/navigation.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration.ts'
import { AuthCard } from '../AuthCard.tsx'
import { recoveryFlow } from './recovery-flow.ts'
import { isSendLimit, useResendCode, useVerifyCode } from './recovery.ts'

/** §4 forgot password, step 3: the code. */
export function OtpVerifyPage() {
  const { report, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const { t } = useLingui()
  const [otpCode, setOtpCode] = useState('')
  const onlyDigits = (typed: string) => setOtpCode(typed.replace(/\D/g, '').slice(0, 6))
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, (name, value) => name === 'otp' && onlyDigits(value))
  const verify = useVerifyCode({
    onSuccess: (res) => {
      recoveryFlow.resetToken = res.reset_token
      void navigateTo('/reset-password', {
        toast: { variant: 'success', title: t`Congrats Otp match` },
      })
    },
    onError: (err) => {
      // Too many wrong codes from here: wait, as the server says.
      if (httpStatus(err) === 429) toastUnlessFieldError(err, t`The code was not accepted`)
      else report(err, t`The code was not accepted`)
    },
  })
  const resend = useResendCode({
    onSuccess: () => showToast({ variant: 'success', title: t`A new code is on its way.` }),
    onError: (err) => {
      if (isSendLimit(err)) toastUnlessFieldError(err, t`We could not send a new code`)
      else if (httpStatus(err) === 429) {
        showToast({ variant: 'info', title: t`Please wait a minute before asking for a new code.` })
      } else report(err, t`We could not send a new code`)
    },
  })
  const wrongCode = fieldErrors(verify.error).otp
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (/^\d{6}$/.test(otpCode)) verify.mutate({ username: recoveryFlow.username, otp: otpCode })
  }
  return (
    <AuthCard
      title={<Trans>Enter the code</Trans>}
      intro={<Trans>We sent a 6-digit code. It is valid for 10 minutes.</Trans>}
      footer={
        <>
          <button
            type="button"
            className="button-link"
            onClick={() =>
              resend.mutate({
                username: recoveryFlow.username,
                notifyType: recoveryFlow.notifyType,
              })
            }
            disabled={resend.isPending}
          >
            <Trans>Send a new code</Trans>
          </button>
          <PageLink href="/forgot-password">
            <Trans>Start again</Trans>
          </PageLink>
        </>
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Field
          label={<Trans>Code</Trans>}
          name="otp"
          className="otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otpCode}
          error={wrongCode ? t`That code is not valid. Check it or ask for a new one.` : undefined}
          onChange={(e) => onlyDigits(e.target.value)}
        />
        <SubmitButton
          className="button button-primary button-block"
          busy={verify.isPending}
          disabled={otpCode.length !== 6}
        >
          <Trans>Verify</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
