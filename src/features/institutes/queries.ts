import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { institutesKey } from '../../lib/academic-structure.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import { InstituteListSchema, InstituteOptionsSchema } from '../../shared/schemas/platform.ts'
import type { InstituteListQuery } from '../../shared/schemas/platform-queries.ts'
import { InstituteSettingsSchema } from '../../shared/schemas/institutes.ts'

// The structure lists and campuses are read through src/lib/academic-structure.ts, shared with
// the areas that choose from them.

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'settings'],
    ...storedRead('institutes/settings', InstituteSettingsSchema, '/institute-settings'),
  })

/* The platform admin's reads: every institute. */

/** Everything under ['platform'] is read again when an institute is created or changes. */
export const platformKey = ['platform'] as const

export const platformBase = 'platform/institutes'

export const institutesQuery = (search: InstituteListQuery) =>
  queryOptions({
    queryKey: [...platformKey, 'institutes', search],
    ...storedRead(`${platformBase}?${toSearchParams(search)}`, InstituteListSchema, '/institutes'),
    placeholderData: keepPreviousData,
  })

/** Every institute by name, for the top bar's picker. */
export const instituteOptionsQuery = () =>
  queryOptions({
    queryKey: [...platformKey, 'options'],
    ...storedRead(`${platformBase}/options`, InstituteOptionsSchema, '/institutes'),
  })
