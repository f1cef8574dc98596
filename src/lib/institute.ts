import { useMemo, useSyncExternalStore } from 'react'
import { session, userDataChangedEvent, type UserData } from './session.ts'
import { chosenInstitute, currentInstitute } from './working-institute.ts'

type SignedInInstitute = NonNullable<UserData['institute']>

function subscribe(onChange: () => void) {
  window.addEventListener(userDataChangedEvent, onChange)
  // Another tab signed in or out, or synced the user.
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(userDataChangedEvent, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/**
 * The institute this tab works in (name, logo, currency and its digits, time zone): the one a
 * platform administrator chose, else the signed-in user's own, kept in step with the stored
 * user so that a saved setting shows in the shell and in money at once. (Choosing another
 * institute remounts the page, so the choice needs no subscription here.)
 */
export function useInstitute(): SignedInInstitute | undefined {
  const raw = useSyncExternalStore(subscribe, session.rawUserData, () => null)
  // Parsed again only when the stored text changed: the same object while it has not.
  const own = useMemo(() => (raw ? session.userData()?.institute : undefined), [raw])
  return chosenInstitute() ?? own
}

/** The time zone of the institute worked in, when there is one (staff see times on its clock). */
export const instituteTimeZone = (): string | undefined =>
  session.isLoggedIn() ? currentInstitute()?.timezone : undefined
