import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  AuditFacetsSchema,
  AuditListSchema,
  RoleListSchema,
  RoleOptionsSchema,
  UserListSchema,
  type AuditQuery,
  type UserListQuery,
} from '../../shared/schemas/access.ts'

export const usersQuery = (search: UserListQuery) =>
  queryOptions({
    queryKey: ['access', 'users', search],
    ...storedRead(`access/users?${toSearchParams(search)}`, UserListSchema, '/access-control'),
    placeholderData: keepPreviousData,
  })

export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: ['access', 'role-options'],
    ...storedRead('access/users/role-options', RoleOptionsSchema, '/access-control'),
  })

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['access', 'roles'],
    ...storedRead('access/roles', RoleListSchema, '/oisacl-roles'),
  })

export const auditsQuery = (search: AuditQuery) =>
  queryOptions({
    queryKey: ['access', 'audits', search],
    ...storedRead(`access/audits?${toSearchParams(search)}`, AuditListSchema, '/audits'),
    placeholderData: keepPreviousData,
  })

export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: ['access', 'audit-facets'],
    ...storedRead('access/audits/facets', AuditFacetsSchema, '/audits'),
  })
