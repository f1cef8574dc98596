import type * as v from 'valibot'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  type QueryClient,
} from '@tanstack/react-query'
import { deleteResource, patchJson, postJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  AuditFacetsSchema,
  AuditListSchema,
  RoleListSchema,
  RoleOptionsSchema,
  RoleSchema,
  StaffUserSchema,
  UserListSchema,
  type AuditQuery,
  type CreateRole,
  type CreateUser,
  type Role,
  type StaffUser,
  type UpdateUser,
  type UserListQuery,
} from '../../shared/schemas/access.ts'
import { ImpersonateResponseSchema } from '../../shared/schemas/auth.ts'

/** Everything under ['access'] is read again when a user or a role changes. */
export const accessKey = ['access'] as const

const enc = encodeURIComponent
const userPath = (userId: string) => `access/users/${enc(userId)}`
const rolePath = (roleId: string) => `access/roles/${enc(roleId)}`

export const usersQuery = (search: UserListQuery) =>
  queryOptions({
    queryKey: [...accessKey, 'users', search],
    ...storedRead(`access/users?${toSearchParams(search)}`, UserListSchema, '/access-control'),
    placeholderData: keepPreviousData,
  })

export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: [...accessKey, 'role-options'],
    ...storedRead('access/users/role-options', RoleOptionsSchema, '/access-control'),
  })

export const rolesQuery = () =>
  queryOptions({
    queryKey: [...accessKey, 'roles'],
    ...storedRead('access/roles', RoleListSchema, '/oisacl-roles'),
  })

export const auditsQuery = (search: AuditQuery) =>
  queryOptions({
    queryKey: [...accessKey, 'audits', search],
    ...storedRead(`access/audits?${toSearchParams(search)}`, AuditListSchema, '/audits'),
    placeholderData: keepPreviousData,
  })

export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: [...accessKey, 'audit-facets'],
    ...storedRead('access/audits/facets', AuditFacetsSchema, '/audits'),
  })

/*
 * Mutations. Each hook sends its request and has every access list read again; the screen
 * passes only its own reaction (`Feedback`). A change to a user has the lists read again while
 * the screen reacts at once (its dialog closes); a change to a role, before (the role list must
 * already hold the role the screen goes on to show).
 */

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
