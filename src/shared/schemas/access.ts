import * as v from 'valibot'
import { actions } from '../permissions/rules.ts'
import { isPermission, type Permission } from '../permissions/catalogue.ts'
import { NewPasswordSchema } from './auth.ts'
import { pagedSchema } from './list.ts'
import { UserStatusSchema } from './access-queries.ts'
import { id, text } from './primitives.ts'

/** An optional contact field: empty means none. */
export const optionalContact = <T extends v.GenericSchema<string, string>>(schema: T) =>
  v.optional(
    v.nullable(v.union([v.pipe(v.string(), v.trim(), v.empty()), schema], 'invalid_value')),
    null,
  )
export const email = v.pipe(v.string(), v.trim(), v.email('invalid_email'), v.maxLength(254))
export const phone = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, 'invalid_phone'),
)

export const RoleRefSchema = v.object({ id: v.string(), name: v.string() })

export const StaffUserSchema = v.object({
  id: v.string(),
  username: v.string(),
  fullName: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  status: UserStatusSchema,
  mustChangePassword: v.boolean(),
  roles: v.array(RoleRefSchema),
  /** The campuses the user is limited to (README "Campus scope"); none: every campus. */
  campuses: v.array(v.object({ id: v.string(), name: v.string() })),
  createdAt: v.string(),
  lastSignInAt: v.nullable(v.string()),
})
export type StaffUser = v.InferOutput<typeof StaffUserSchema>

export const UserListSchema = pagedSchema(StaffUserSchema)

const usernamePattern = /^[a-z0-9][a-z0-9._-]{2,49}$/i
export const username = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('new_username_required'),
  v.regex(usernamePattern, 'username_shape'),
)
const roleIds = v.pipe(v.array(id), v.minLength(1, 'roles_required'))
/** Campuses of the institute the user is limited to; none: not limited. */
const campusIds = v.pipe(v.array(id), v.maxLength(100))

const userFields = {
  username,
  fullName: text(120, 'full_name_required'),
  email: optionalContact(email),
  phone: optionalContact(phone),
  roleIds,
}

/** A new staff user; the password is temporary: they choose their own at first sign-in. */
export const CreateUserSchema = v.object({
  ...userFields,
  campusIds: v.optional(campusIds, []),
  password: NewPasswordSchema,
})
export type CreateUser = v.InferInput<typeof CreateUserSchema>

export const UpdateUserSchema = v.partial(v.object({ ...userFields, campusIds }))
export type UpdateUser = v.InferInput<typeof UpdateUserSchema>

/** A temporary password set by an administrator; the user must replace it at next sign-in. */
export const ResetUserPasswordSchema = v.object({ password: NewPasswordSchema })

export const RoleOptionsSchema = v.object({ data: v.array(RoleRefSchema) })
/** The institute's campuses a user may be limited to, active or not, in their order. */
export const CampusOptionsSchema = v.object({
  data: v.array(v.object({ id: v.string(), name: v.string(), active: v.boolean() })),
})

const permissionSubject = v.custom<Permission>(
  (value) => typeof value === 'string' && isPermission(value),
  'unknown_permission',
)
export const RoleRuleSchema = v.object({ action: v.picklist(actions), subject: permissionSubject })
export type RoleRule = v.InferOutput<typeof RoleRuleSchema>

export const RoleSchema = v.object({
  id: v.string(),
  name: v.string(),
  homeRoute: v.string(),
  isSystem: v.boolean(),
  userCount: v.number(),
  /** The admin role's single `manage all` rule is not a catalogue permission: shown apart. */
  managesAll: v.boolean(),
  rules: v.array(RoleRuleSchema),
})
export type Role = v.InferOutput<typeof RoleSchema>
export const RoleListSchema = v.object({ data: v.array(RoleSchema) })

const roleFields = {
  name: text(60, 'role_name_required'),
  homeRoute: v.pipe(v.string(), v.nonEmpty('home_route_required')),
  rules: v.pipe(v.array(RoleRuleSchema), v.maxLength(500)),
}
export const CreateRoleSchema = v.object(roleFields)
export type CreateRole = v.InferInput<typeof CreateRoleSchema>
export const UpdateRoleSchema = v.partial(v.object(roleFields))

const PersonSchema = v.nullable(
  v.object({ id: v.string(), username: v.string(), fullName: v.string() }),
)

export const AuditEntrySchema = v.object({
  id: v.number(),
  createdAt: v.string(),
  area: v.string(),
  action: v.string(),
  entity: v.string(),
  entityId: v.nullable(v.string()),
  user: PersonSchema,
  impersonator: PersonSchema,
  ip: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>
export const AuditListSchema = pagedSchema(AuditEntrySchema)

/** What the audit filters offer: the people and actions that appear in this institute's log. */
export const AuditFacetsSchema = v.object({
  users: v.array(v.object({ id: v.string(), username: v.string(), fullName: v.string() })),
  actions: v.array(v.string()),
})
