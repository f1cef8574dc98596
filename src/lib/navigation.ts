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

let navigator: Navigator = {
  go: (href, options) => {
    if (options?.replace) window.location.replace(href)
    else window.location.assign(href)
    return new Promise(() => {})
  },
  reload: () => window.location.reload(),
}

export function setNavigator(registered: Navigator) {
  navigator = registered
}

export function navigateTo(href: string, options?: { replace?: boolean }): Promise<void> {
  return navigator.go(href, options)
}

/** The page read again: its data asked for anew (after an error, when the network returns). */
export function reloadPage() {
  navigator.reload()
}
