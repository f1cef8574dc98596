import { queryOptions } from '@tanstack/react-query'
import { institutesKey } from '../../lib/academic-structure.ts'
import { storedRead } from '../../lib/read-store.ts'
import { InstituteSettingsSchema } from '../../shared/schemas/institutes.ts'

/* The campuses' and the academic structure's reads are in src/lib/academic-structure.ts. */

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'settings'],
    ...storedRead('institutes/settings', InstituteSettingsSchema, '/institute-settings'),
  })
