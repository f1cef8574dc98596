import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  AuditFacetsSchema,
  AuditListSchema,
  CampusOptionsSchema,
  RoleListSchema,
  RoleOptionsSchema,
  UserListSchema,
} from '../../shared/schemas/access.ts'
import type { AuditQuery, UserListQuery } from '../../shared/schemas/access-queries.ts'

/** Everything under ['access'] is read again when a user or a role changes. */
export const accessKey = ['access'] as const

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

export const campusOptionsQuery = () =>
  queryOptions({
    queryKey: [...accessKey, 'campus-options'],
    ...storedRead('access/users/campus-options', CampusOptionsSchema, '/access-control'),
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
