import type { ToastMessage } from './toasts.ts'

/*
 * A toast for the next document of this tab: a page that sends the visitor to another by loading
 * it (a public page) leaves its message here, and the page loaded shows it. Apart from toasts.ts
 * so the public pages' first script can ask whether one waits without loading the app.
 */
const carriedKey = 'carried-toast'

export function carryToast(toast: ToastMessage) {
  try {
    sessionStorage.setItem(carriedKey, JSON.stringify(toast))
  } catch {
    // Storage refused (a private window's quota): the page opened simply shows no toast.
  }
}

/** Whether the page before left a toast for this one. */
export function toastCarried(): boolean {
  try {
    return sessionStorage.getItem(carriedKey) !== null
  } catch {
    return false
  }
}

/** The toast the page before left, taken: shown once. */
export function takeCarriedToast(): ToastMessage | undefined {
  try {
    const carried = sessionStorage.getItem(carriedKey)
    sessionStorage.removeItem(carriedKey)
    return carried ? (JSON.parse(carried) as ToastMessage) : undefined
  } catch {
    return undefined
  }
}
