import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { getJson } from '../../lib/api.ts'
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
    queryFn: () => getJson(`access/users?${toSearchParams(search)}`, UserListSchema),
    placeholderData: keepPreviousData,
  })

export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: ['access', 'role-options'],
    queryFn: () => getJson('access/users/role-options', RoleOptionsSchema),
  })

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['access', 'roles'],
    queryFn: () => getJson('access/roles', RoleListSchema),
  })

export const auditsQuery = (search: AuditQuery) =>
  queryOptions({
    queryKey: ['access', 'audits', search],
    queryFn: () => getJson(`access/audits?${toSearchParams(search)}`, AuditListSchema),
    placeholderData: keepPreviousData,
  })

export const auditFacetsQuery = () =>
  queryOptions({
    queryKey: ['access', 'audit-facets'],
    queryFn: () => getJson('access/audits/facets', AuditFacetsSchema),
  })
