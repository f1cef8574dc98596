import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { Field } from '../../components/form/Field.tsx'
import { httpStatus } from '../../lib/api.ts'
import { showToast } from '../../lib/toasts.ts'
import { AuthCard } from './AuthCard.tsx'
import { isSendLimit, useResendCode, useVerifyCode } from './mutations.ts'
import { recoveryFlow } from './recovery-flow.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { SubmitButton } from '../../components/SubmitButton.tsx'

/** §4 forgot password, step 3: the code. */
export function OtpVerifyPage() {
  const { report, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const { t } = useLingui()
  const navigate = useNavigate()
  const flow = useSnapshot(recoveryFlow)
  const [otpCode, setOtpCode] = useState('')
  const verify = useVerifyCode({
    onSuccess: (res) => {
      recoveryFlow.resetToken = res.reset_token
      showToast({ variant: 'success', title: t`Congrats Otp match` })
      void navigate({ to: '/reset-password' })
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
    if (/^\d{6}$/.test(otpCode)) verify.mutate({ username: flow.username, otp: otpCode })
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
            onClick={() => resend.mutate({ username: flow.username, notifyType: flow.notifyType })}
            disabled={resend.isPending}
          >
            <Trans>Send a new code</Trans>
          </button>
          <Link to="/forgot-password">
            <Trans>Start again</Trans>
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          label={<Trans>Code</Trans>}
          name="otp"
          className="otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otpCode}
          error={wrongCode ? t`That code is not valid. Check it or ask for a new one.` : undefined}
          onChange={(e) => setOtpCode(e.target.value.replace(/\D/g, ''))}
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
