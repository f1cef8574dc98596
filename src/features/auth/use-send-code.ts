import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { apiError, httpStatus, postJson } from '../../lib/api.ts'
import { showToast } from '../../lib/toasts.ts'
import { OtpSendResponseSchema, type NotifyType } from '../../shared/schemas/auth.ts'
import { recoveryFlow } from './recovery-flow.ts'
import { useServerErrors } from '../../lib/server-errors.ts'

/** The account has had all the codes it may get for now, whoever asked for them. */
export const isSendLimit = (err: unknown) => apiError(err)?.code === 'otp_send_limit'

/** Asks for a password-reset code and moves on to the code screen with the given toast. */
export function useSendCode() {
  const { report, toastUnlessFieldError } = useServerErrors()
  const { t } = useLingui()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (vars: { username: string; notifyType: NotifyType; toast: string }) =>
      postJson(
        'auth/forgot/otp-send',
        { user_name: vars.username, notify_type: vars.notifyType },
        OtpSendResponseSchema,
      ),
    onSuccess: (res, vars) => {
      recoveryFlow.username = res.data.user_name
      recoveryFlow.notifyType = res.data.notify_type
      recoveryFlow.resetToken = null
      showToast({ variant: 'success', title: vars.toast })
      void navigate({ to: '/otp-verify' })
    },
    onError: (err, vars) => {
      if (isSendLimit(err)) {
        toastUnlessFieldError(err, t`We could not send a code`)
        return
      }
      // This browser was sent a code less than a minute ago and it still works: enter that one.
      if (httpStatus(err) === 429) {
        recoveryFlow.username = vars.username
        recoveryFlow.notifyType = vars.notifyType
        showToast({ variant: 'info', title: t`A code was sent a moment ago. Enter that one.` })
        void navigate({ to: '/otp-verify' })
        return
      }
      report(err, t`We could not send a code`)
    },
  })
}
