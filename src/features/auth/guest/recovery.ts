import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import type * as v from 'valibot'
import { apiError, httpStatus } from '../../../lib/http-error.ts'
import type { Feedback } from '../../../lib/mutation-feedback.ts'
import { navigateTo } from '../../../lib/navigation.ts'
import { postPublicJson } from '../../../lib/public-api.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import {
  EmailAndPhoneResponseSchema,
  OtpSendResponseSchema,
  SendUsernameResponseSchema,
  StatusSchema,
  VerifyOtpResponseSchema,
  type NotifyType,
} from '../../../shared/schemas/auth.ts'
import type { NewPassword } from '../mutations.ts'
import { recoveryFlow } from './recovery-flow.ts'

/*
 * The recovery of a forgotten username or password (§4). Its pages are public pages (anyone may
 * open them, the server renders them): their calls go through a plain fetch, without the API
 * client, and carry no session.
 */

type Answer<S extends v.GenericSchema> = v.InferOutput<S>

/** §4 forgot username: the username is sent to the account's email or mobile. */
export function useSendUsername(
  feedback: Feedback<Answer<typeof SendUsernameResponseSchema>, string> = {},
) {
  return useMutation({
    mutationFn: (emailOrPhone: string) =>
      postPublicJson(
        'auth/forgot-username/send-username',
        { email_or_phone: emailOrPhone },
        SendUsernameResponseSchema,
      ),
    ...feedback,
  })
}

/** §4 forgot password, step 1: where the account can be sent a code. */
export function useLookUpAccount(
  feedback: Feedback<Answer<typeof EmailAndPhoneResponseSchema>, string> = {},
) {
  return useMutation({
    mutationFn: (username: string) =>
      postPublicJson(
        'auth/forgot/get-email-and-phone',
        { user_name: username },
        EmailAndPhoneResponseSchema,
      ),
    ...feedback,
  })
}

/** The account has had all the codes it may get for now, whoever asked for them. */
export const isSendLimit = (err: unknown) => apiError(err)?.code === 'otp_send_limit'

/**
 * Asks for a password-reset code and moves on to the code screen, where the given toast shows.
 */
export function useSendCode() {
  const { report, toastUnlessFieldError } = useServerErrors()
  const { t } = useLingui()
  return useMutation({
    mutationFn: (vars: { username: string; notifyType: NotifyType; toast: string }) =>
      postPublicJson(
        'auth/forgot/otp-send',
        { user_name: vars.username, notify_type: vars.notifyType },
        OtpSendResponseSchema,
      ),
    onSuccess: (res, vars) => {
      recoveryFlow.username = res.data.user_name
      recoveryFlow.notifyType = res.data.notify_type
      recoveryFlow.resetToken = null
      void navigateTo('/otp-verify', { toast: { variant: 'success', title: vars.toast } })
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
        void navigateTo('/otp-verify', {
          toast: { variant: 'info', title: t`A code was sent a moment ago. Enter that one.` },
        })
        return
      }
      report(err, t`We could not send a code`)
    },
  })
}

/** §4 forgot password, step 3: the code; the right one earns a reset token. */
export function useVerifyCode(
  feedback: Feedback<
    Answer<typeof VerifyOtpResponseSchema>,
    { username: string; otp: string }
  > = {},
) {
  return useMutation({
    mutationFn: ({ username, otp }: { username: string; otp: string }) =>
      postPublicJson(
        'auth/forgot/verify-otp',
        { user_name: username, otp },
        VerifyOtpResponseSchema,
      ),
    ...feedback,
  })
}

/** Sends the code again, the way the last one went. */
export function useResendCode(
  feedback: Feedback<
    Answer<typeof OtpSendResponseSchema>,
    { username: string; notifyType: NotifyType | null }
  > = {},
) {
  return useMutation({
    mutationFn: ({ username, notifyType }: { username: string; notifyType: NotifyType | null }) =>
      postPublicJson(
        notifyType === 'phone' ? 'auth/mobile-resend-otp' : 'auth/email-resend-otp',
        { user_name: username },
        OtpSendResponseSchema,
      ),
    ...feedback,
  })
}

/** §4 forgot password, step 4: the new password, with the token the code earned. */
export function useResetForgottenPassword(
  feedback: Feedback<
    Answer<typeof StatusSchema>,
    NewPassword & { username: string; resetToken: string | null }
  > = {},
) {
  return useMutation({
    mutationFn: (values: NewPassword & { username: string; resetToken: string | null }) =>
      postPublicJson(
        'auth/forgot/password-reset',
        {
          user_name: values.username,
          reset_token: values.resetToken,
          password: values.password,
          password_confirmation: values.password_confirmation,
        },
        StatusSchema,
      ),
    ...feedback,
  })
}
