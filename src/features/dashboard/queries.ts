import { queryOptions } from '@tanstack/react-query'
import { getJson } from '../../lib/api.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import { DashboardSchema } from '../../shared/schemas/report-dashboard.ts'
import type { DashboardQuery } from '../../shared/schemas/report-search.ts'
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

/**
 * The dashboards' figures as of a day (today unless given), each tile only if the user may read
 * its report; kept offline like the reports, per page that shows them.
 */
export const dashboardFiguresQuery = (
  search: DashboardQuery,
  screen: '/dashboard' | '/dashboard/analytics' | '/old-dashboard',
) =>
  queryOptions({
    queryKey: ['reports', 'dashboard', screen, search],
    ...storedRead(`reports/dashboard?${toSearchParams(search)}`, DashboardSchema, screen),
  })
