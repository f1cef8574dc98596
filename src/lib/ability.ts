import { proxy, useSnapshot } from 'valtio'
import { buildAbility, type AppAbility } from '../shared/permissions/ability.ts'
import { session } from './session.ts'

/** One ability for the whole client, rebuilt from the stored rules whenever the session changes. */
export const ability: AppAbility = buildAbility(session.rules())

const revision = proxy({ value: 0 })

export function refreshAbility() {
  ability.update(session.rules())
  revision.value += 1
}

/** The ability, for components that must re-render when it changes (menus, buttons). */
export function useAbility(): AppAbility {
  useSnapshot(revision)
  return ability
}
