import { proxy, useSnapshot } from 'valtio'
import { buildAbility, type AbilityRule, type AppAbility } from '../shared/permissions/ability.ts'
import { anonymousRules } from '../shared/permissions/rules.ts'
import { session } from './session.ts'

/**
 * What the stored user may do; a visitor (or a user whose cookies are gone) reads Auth only.
 * Here, not in session.ts: the public pages read the session without the permission words.
 */
function sessionRules(): AbilityRule[] {
  if (!session.isLoggedIn()) return anonymousRules
  return (session.userData()?.ability as AbilityRule[] | undefined) ?? anonymousRules
}

/** One ability for the whole client, rebuilt from the stored rules whenever the session changes. */
export const ability: AppAbility = buildAbility(sessionRules())

const revision = proxy({ value: 0 })

export function refreshAbility() {
  ability.update(sessionRules())
  revision.value += 1
}

/** The ability, for components that must re-render when it changes (menus, buttons). */
export function useAbility(): AppAbility {
  useSnapshot(revision)
  return ability
}
