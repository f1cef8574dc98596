import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { apiError, deleteResource, httpStatus, postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  EmailAndPhoneResponseSchema,
  LoginResponseSchema,
  OtpSendResponseSchema,
  SendUsernameResponseSchema,
  StatusSchema,
  VerifyOtpResponseSchema,
  type LoginResponse,
  type NotifyType,
  type RegisterRequest,
} from '../../shared/schemas/auth.ts'
import { UserResponseSchema } from '../../shared/schemas/auth-session.ts'
import type * as v from 'valibot'
import { sessionsQuery } from './session-queries.ts'
import { recoveryFlow } from './recovery-flow.ts'

/*
 * The auth area's changes. Each hook sends its request (the screen passes only its own
 * reaction, `Feedback`): what a screen does with the session it gets back and where it goes
 * next stay with the screen. Signing in itself is in sign-in.ts (the sign-in page is public).
 */

type Answer<S extends v.GenericSchema> = v.InferOutput<S>

/** The new password and its confirmation, as the password forms give them. */
export interface NewPassword {
  password: string
  password_confirmation: string
}

/** Registers a new institute and its first administrator, who is signed in at once. */
export function useRegister(feedback: Feedback<LoginResponse, RegisterRequest> = {}) {
  return useMutation({
    mutationFn: (body: RegisterRequest) => postJson('auth/register', body, LoginResponseSchema),
    ...feedback,
  })
}

/** A user whose account an administrator created chooses their own password. */
export function useSetFirstPassword(
  feedback: Feedback<Answer<typeof UserResponseSchema>, NewPassword> = {},
) {
  return useMutation({
    mutationFn: ({ password, password_confirmation }: NewPassword) =>
      postJson(
        'auth/new-user-password-reset',
        { password, password_confirmation },
        UserResponseSchema,
      ),
    ...feedback,
  })
}

/** Changes one's own password, the current one given. */
export function useChangePassword(
  feedback: Feedback<Answer<typeof StatusSchema>, NewPassword & { current_password: string }> = {},
) {
  return useMutation({
    mutationFn: (values: NewPassword & { current_password: string }) =>
      postJson('auth/user-password-update', values, StatusSchema),
    ...feedback,
  })
}

/**
 * Ends one of one's sign-ins on another device. The screen reacts first; the list of sign-ins
 * is read again before the change counts as done.
 */
export function useEndSession(feedback: Feedback<void, string> = {}) {
  return useChange(
    (sessionId: string) => deleteResource(`auth/sessions/${encodeURIComponent(sessionId)}`),
    {
      refresh: (queryClient) =>
        queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
      screenReacts: 'before-refresh',
      feedback,
    },
  )
}

/** §4 forgot username: the username is sent to the account's email or mobile. */
export function useSendUsername(
  feedback: Feedback<Answer<typeof SendUsernameResponseSchema>, string> = {},
) {
  return useMutation({
    mutationFn: (emailOrPhone: string) =>
      postJson(
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
      postJson(
        'auth/forgot/get-email-and-phone',
        { user_name: username },
        EmailAndPhoneResponseSchema,
      ),
    ...feedback,
  })
}

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

/** §4 forgot password, step 3: the code; the right one earns a reset token. */
export function useVerifyCode(
  feedback: Feedback<
    Answer<typeof VerifyOtpResponseSchema>,
    { username: string; otp: string }
  > = {},
) {
  return useMutation({
    mutationFn: ({ username, otp }: { username: string; otp: string }) =>
      postJson('auth/forgot/verify-otp', { user_name: username, otp }, VerifyOtpResponseSchema),
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
      postJson(
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
      postJson(
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
