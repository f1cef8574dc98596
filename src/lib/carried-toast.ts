import type { ToastMessage } from './toasts.ts'

/*
 * A toast for the next document of this tab: a page that sends the visitor to another by loading
 * it (a public page) leaves its message here, and the page loaded shows it. Apart from toasts.ts
 * so the public pages' first script can ask whether one waits without loading the app.
 */
const carriedKey = 'carried-toast'

/** Keeps `toast` for the page at `href`, which this tab is about to load. */
export function carryToast(href: string, toast: ToastMessage) {
  try {
    const path = new URL(href, location.href).pathname
    sessionStorage.setItem(carriedKey, JSON.stringify({ path, toast }))
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

/**
 * The toast the page before left, taken: shown once, and only on the page it was for (a load
 * that never happened, the visitor having gone back, leaves it unsaid).
 */
export function takeCarriedToast(): ToastMessage | undefined {
  try {
    const carried = sessionStorage.getItem(carriedKey)
    sessionStorage.removeItem(carriedKey)
    if (!carried) return undefined
    const { path, toast } = JSON.parse(carried) as { path: string; toast: ToastMessage }
    return path === location.pathname ? toast : undefined
  } catch {
    return undefined
  }
}
