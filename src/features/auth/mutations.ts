import { useMutation } from '@tanstack/react-query'
import { deleteResource, postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { StatusSchema } from '../../shared/schemas/auth.ts'
import { UserResponseSchema } from '../../shared/schemas/auth-session.ts'
import type * as v from 'valibot'
import { sessionsQuery } from './session-queries.ts'

/*
 * The signed-in user's changes to their own account. Each hook sends its request (the screen
 * passes only its own reaction, `Feedback`). Signing in and registering are in sign-in.ts, the
 * recovery of a forgotten username or password in recovery.ts: their pages are public pages,
 * whose calls go without the API client.
 */

type Answer<S extends v.GenericSchema> = v.InferOutput<S>

/** The new password and its confirmation, as the password forms give them. */
export interface NewPassword {
  password: string
  password_confirmation: string
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
