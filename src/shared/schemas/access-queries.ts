import * as v from 'valibot'
import { permissionAreaNames } from '../permissions/catalogue.ts'
import { isoDate } from './dates.ts'
import { listQuerySchema } from './list.ts'
import { id } from './primitives.ts'

/*
 * What the access pages' addresses and lists are asked, apart from the shapes they show: the
 * routes validate their search with these, so every page's first load carries them.
 */

const userStatuses = ['active', 'inactive'] as const
export const UserStatusSchema = v.picklist(userStatuses)

export const UserListQuerySchema = v.object({
  ...listQuerySchema(['username', 'fullName', 'status', 'createdAt']).entries,
  status: v.optional(UserStatusSchema),
  roleId: v.optional(id),
})
export type UserListQuery = v.InferInput<typeof UserListQuerySchema>
export type UserListSearch = v.InferOutput<typeof UserListQuerySchema>

export const auditAreas = ['auth', ...permissionAreaNames] as const
export const AuditQuerySchema = v.object({
  ...listQuerySchema(['createdAt']).entries,
  userId: v.optional(id),
  area: v.optional(v.picklist(auditAreas, 'unknown_area')),
  action: v.optional(v.pipe(v.string(), v.maxLength(60))),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
})
export type AuditQuery = v.InferInput<typeof AuditQuerySchema>
export type AuditSearch = v.InferOutput<typeof AuditQuerySchema>
