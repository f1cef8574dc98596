import { carryToast } from './carried-toast.ts'
import { showToast, type ToastMessage } from './toasts.ts'

/**
 * How code sends the user to a page or reads the page again. The staff app's router registers
 * its own at start-up (a page within the app, its loaders run again); the public pages run no
 * router, so there each is a document load, as it is in the staff app until the router is up.
 */
interface Navigator {
  /** Settles once the page is shown; a document load never settles: this document is leaving. */
  go(href: string, options?: { replace?: boolean }): Promise<void>
  reload(): void
}

const documentLoads: Navigator = {
  go: (href, options) => {
    if (options?.replace) window.location.replace(href)
    else window.location.assign(href)
    return new Promise(() => {})
  },
  reload: () => window.location.reload(),
}
let navigator = documentLoads

export function setNavigator(registered: Navigator) {
  navigator = registered
}

/** Opens a page; a toast given is shown there, carried over when the page is a new document. */
export function navigateTo(
  href: string,
  { replace, toast }: { replace?: boolean; toast?: ToastMessage } = {},
): Promise<void> {
  if (toast) {
    if (navigator === documentLoads) carryToast(href, toast)
    else showToast(toast)
  }
  return navigator.go(href, { replace })
}

/** The page read again: its data asked for anew (after an error, when the network returns). */
export function reloadPage() {
  navigator.reload()
}
