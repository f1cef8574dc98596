import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { CampusListSchema, InstituteSettingsSchema } from '../../shared/schemas/institutes.ts'

/** Everything the institutes area shows: read again after each of its changes. */
export const institutesKey = ['institutes'] as const

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'settings'],
    ...storedRead('institutes/settings', InstituteSettingsSchema, '/institute-settings'),
  })

export const campusesQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'campuses'],
    ...storedRead('institutes/campuses', CampusListSchema, '/campuses'),
  })
