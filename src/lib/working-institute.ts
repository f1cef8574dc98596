import { proxy } from 'valtio'
import { session, type UserData } from './session.ts'

/**
 * The institute a platform administrator works in (README "Tenancy"): chosen in the top bar,
 * kept for this tab only (session storage) and forgotten at sign-out. Every API request then
 * carries it as `X-Institute-Id`, and the query cache and the offline read store are keyed by it.
 */
export type WorkingInstitute = NonNullable<UserData['institute']>

export const workingInstituteKey = 'workingInstitute'

const storedChoice = () =>
  typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(workingInstituteKey)

/** The raw choice, for the page to start afresh (remount) when it changes. */
export const workingInstituteState = proxy({ choice: storedChoice() })

/** The institute chosen in this tab, if it is not the user's own and they may choose one. */
export function chosenInstitute(): WorkingInstitute | undefined {
  const user = session.userData()
  if (!user?.platformAdmin) return undefined
  try {
    const raw = sessionStorage.getItem(workingInstituteKey)
    const chosen = raw ? (JSON.parse(raw) as WorkingInstitute) : undefined
    return chosen && chosen.id !== user.institute?.id ? chosen : undefined
  } catch {
    return undefined
  }
}

/** The institute this tab works in: the chosen one, else the user's own. */
export function currentInstitute(): WorkingInstitute | undefined {
  return chosenInstitute() ?? session.userData()?.institute
}

/** Chooses the institute this tab works in; undefined (or the user's own) goes back home. */
export function chooseInstitute(institute: WorkingInstitute | undefined): void {
  if (!institute || institute.id === session.userData()?.institute?.id) {
    sessionStorage.removeItem(workingInstituteKey)
  } else {
    sessionStorage.setItem(workingInstituteKey, JSON.stringify(institute))
  }
  workingInstituteState.choice = storedChoice()
}

export function forgetWorkingInstitute(): void {
  sessionStorage.removeItem(workingInstituteKey)
  workingInstituteState.choice = null
}
