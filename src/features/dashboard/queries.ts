import { queryOptions } from '@tanstack/react-query'
import { getJson } from '../../lib/api.ts'
import { HealthSchema, VersionSchema } from '../../shared/schemas/system.ts'

export const versionQuery = () =>
  queryOptions({
    queryKey: ['system', 'version'],
    queryFn: () => getJson('version', VersionSchema),
    staleTime: 60 * 60 * 1000,
    meta: { persist: true },
  })

export const healthQuery = () =>
  queryOptions({
    queryKey: ['system', 'health'],
    queryFn: () => getJson('health', HealthSchema),
    retry: false,
  })
