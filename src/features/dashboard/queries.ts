import { queryOptions } from '@tanstack/react-query'
import { getJson } from '../../lib/api.ts'
import { HealthSchema, VersionSchema } from '../../shared/schemas/system.ts'

/** The system's own facts: the running version and the database's health. */
export const systemKey = ['system'] as const

export const versionQuery = () =>
  queryOptions({
    queryKey: [...systemKey, 'version'],
    queryFn: () => getJson('version', VersionSchema),
    staleTime: 60 * 60 * 1000,
    meta: { persist: true },
  })

export const healthQuery = () =>
  queryOptions({
    queryKey: [...systemKey, 'health'],
    queryFn: () => getJson('health', HealthSchema),
    retry: false,
  })
