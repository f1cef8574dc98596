import type { QueryClient } from '@tanstack/react-query'
import { refreshAbility } from './ability.ts'
import { forbiddenEvent } from './http-error.ts'
import { session } from './session.ts'

const minInterval = 15_000
let lastSync = 0
let running: Promise<void> | undefined
/** A refusal arrived during a sync that may have read a cached answer: sync again after it. */
let forcedWhileRunning = false

/**
 * Keeps the stored user (and so the ability, the menu and the route guards) in step with the
 * server, where an admin may change roles at any time: when the app starts, when its window
 * comes back into focus, and at once when the server answers 403. `onChange` re-runs the
 * guards of the current page.
 */
export function startUserSync(queryClient: QueryClient, onChange: () => Promise<void>) {
  const sync = async (force: boolean) => {
    if (!session.isLoggedIn() || !session.isValid()) return
    if (running) {
      forcedWhileRunning ||= force
      return
    }
    if (!force && Date.now() - lastSync < minInterval) return
    lastSync = Date.now()
    running = (async () => {
      const stored = JSON.stringify(session.userData())
      // Shared with the pages that read the user, so a page load asks the server only once.
      const { currentUserQuery } = await import('./current-user.ts')
      const { userData } = await queryClient.fetchQuery({
        ...currentUserQuery(),
        staleTime: force ? 0 : minInterval,
      })
      // Signed out, or the user changed meanwhile (a new password, another sign-in): the
      // answer is stale.
      if (!session.isLoggedIn() || JSON.stringify(session.userData()) !== stored) return
      if (JSON.stringify(userData) === stored) return
      session.saveUser(userData)
      refreshAbility()
      await onChange()
    })()
      .catch(() => undefined)
      .finally(() => {
        running = undefined
        if (forcedWhileRunning) {
          forcedWhileRunning = false
          void sync(true)
        }
      })
  }
  void sync(false)
  window.addEventListener('focus', () => void sync(false))
  window.addEventListener(forbiddenEvent, () => void sync(true))
}
