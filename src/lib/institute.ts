import { useMemo, useSyncExternalStore } from 'react'
import { session, userDataChangedEvent, type UserData } from './session.ts'

export type SignedInInstitute = NonNullable<UserData['institute']>

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
 * The signed-in user's institute (name, logo, currency and its digits, time zone), kept in step
 * with the stored user: a saved setting shows in the shell and in money at once.
 */
export function useInstitute(): SignedInInstitute | undefined {
  const raw = useSyncExternalStore(subscribe, session.rawUserData, () => null)
  // Parsed again only when the stored text changed: the same object while it has not.
  return useMemo(() => (raw ? session.userData()?.institute : undefined), [raw])
}

/** The signed-in institute's time zone, when there is one (staff see times on its clock). */
export const instituteTimeZone = (): string | undefined =>
  session.isLoggedIn() ? session.userData()?.institute?.timezone : undefined
