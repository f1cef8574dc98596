import { queryOptions } from '@tanstack/react-query'
import { institutesKey } from '../../lib/academic-structure.ts'
import { storedRead } from '../../lib/read-store.ts'
import { InstituteSettingsSchema } from '../../shared/schemas/institutes.ts'

// The structure lists and campuses are read through src/lib/academic-structure.ts, shared with
// the areas that choose from them.

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...institutesKey, 'settings'],
    ...storedRead('institutes/settings', InstituteSettingsSchema, '/institute-settings'),
  })
