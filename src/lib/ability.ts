import { buildAbility, type AppAbility } from '../shared/permissions/ability.ts'
import { session } from './session.ts'

/** One ability for the whole client, rebuilt from the stored rules whenever the session changes. */
export const ability: AppAbility = buildAbility(session.rules())

export function refreshAbility() {
  ability.update(session.rules())
}
