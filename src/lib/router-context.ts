import type { QueryClient } from '@tanstack/react-query'
import type { AppAbility } from '../shared/permissions/ability.ts'
import type { Session } from './session.ts'
import type { StringArea } from './string-areas.ts'

export interface RouterContext {
  queryClient: QueryClient
  auth: Session
  ability: AppAbility
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** 'full' pages stand alone; every other page uses the configured menu layout. */
    layout?: 'full'
    /** The staff areas whose strings the page shows (src/lib/string-areas.ts). */
    strings?: StringArea[]
  }
}
