import type * as v from 'valibot'
import { useMutation, type QueryClient } from '@tanstack/react-query'
import { deleteResource, patchJson, postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  RoleSchema,
  StaffUserSchema,
  type CreateRole,
  type CreateUser,
  type Role,
  type StaffUser,
  type UpdateUser,
} from '../../shared/schemas/access.ts'
import { ImpersonateResponseSchema } from '../../shared/schemas/auth.ts'
import { accessKey } from './queries.ts'

/*
 * The access area's changes. Each hook sends its request and has every access list read again;
 * the screen passes only its own reaction (`Feedback`). A change to a user has the lists read
 * again while the screen reacts at once (its dialog closes); a change to a role, before (the
 * role list must already hold the role the screen goes on to show).
 */

const enc = encodeURIComponent
const userPath = (userId: string) => `access/users/${enc(userId)}`
const rolePath = (roleId: string) => `access/roles/${enc(roleId)}`

const refreshAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: accessKey })

/** Creates a user (`user` undefined) or changes the one given (roles only when sent). */
export function useSaveUser(
  user: StaffUser | undefined,
  feedback: Feedback<StaffUser, CreateUser | UpdateUser> = {},
) {
  return useChange(
    (body: CreateUser | UpdateUser) =>
      user
        ? patchJson(userPath(user.id), body, StaffUserSchema)
        : postJson('access/users', body, StaffUserSchema),
    { refresh: refreshAll, screenReacts: 'during-refresh', feedback },
  )
}

export type UserStatusChange = { user: StaffUser; status: 'deactivate' | 'reactivate' }

/** Deactivates a user (signed out everywhere at once) or lets them sign in again. */
export function useSetUserStatus(feedback: Feedback<StaffUser, UserStatusChange> = {}) {
  return useChange(
    ({ user, status }: UserStatusChange) =>
      postJson(`${userPath(user.id)}/${status}`, {}, StaffUserSchema),
    { refresh: refreshAll, screenReacts: 'during-refresh', feedback },
  )
}

/** Gives a user a temporary password: they are signed out and must choose their own. */
export function useResetPassword(user: StaffUser, feedback: Feedback<StaffUser, string> = {}) {
  return useChange(
    (password: string) =>
      postJson(`${userPath(user.id)}/password-reset`, { password }, StaffUserSchema),
    { refresh: refreshAll, screenReacts: 'during-refresh', feedback },
  )
}

/** An administrator's token to act as the user given (the screen goes on to use it). */
export function useImpersonate(
  feedback: Feedback<v.InferOutput<typeof ImpersonateResponseSchema>, StaffUser> = {},
) {
  return useMutation({
    mutationFn: (user: StaffUser) =>
      postJson('auth/impersonate', { user_id: user.id }, ImpersonateResponseSchema),
    ...feedback,
  })
}

/** Creates a role (`role` undefined) or changes the one given. */
export function useSaveRole(role: Role | undefined, feedback: Feedback<Role, CreateRole> = {}) {
  return useChange(
    (body: CreateRole) =>
      role
        ? patchJson(rolePath(role.id), body, RoleSchema)
        : postJson('access/roles', body, RoleSchema),
    { refresh: refreshAll, feedback },
  )
}

/** Deletes a role no user has. */
export function useDeleteRole(feedback: Feedback<void, Role> = {}) {
  return useChange((role: Role) => deleteResource(rolePath(role.id)), {
    refresh: refreshAll,
    feedback,
  })
}
