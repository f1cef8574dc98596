/**
 * Lets code outside React (the API client) send the user to a page. The router registers its
 * navigate here at start-up; until then a full page load does the job.
 */
let navigate: (href: string) => void = (href) => window.location.assign(href)

export function setNavigator(fn: (href: string) => void) {
  navigate = fn
}

export function navigateTo(href: string) {
  navigate(href)
}
