/*
 * The moment React takes a server-rendered public page over. Until then the page is the
 * server's HTML: fields take typing (each form reads it at takeover), and a press of a button,
 * a tick of a box, a file chosen or a form sent is held here and done again once the page is
 * live, so nothing the visitor did before is lost or done twice, and a form is never sent as a
 * plain GET with its fields in the address.
 */

let live = false
const held: (() => void)[] = []

/** Controls whose click does something only the page's scripts can do. */
const scripted =
  'button, input[type="submit"], input[type="button"], input[type="reset"], input[type="checkbox"], input[type="radio"], input[type="file"]'

/**
 * The element that stands where `element` stood: itself while it is on the page, else the one
 * with its id, or of its kind at the same place in the document's order. React may draw the
 * page anew as it takes it over (when the server's HTML and its own first render differ), and
 * a press held on the server's button must reach the button the visitor then sees.
 */
function standIn<E extends Element>(element: E): () => E | undefined {
  const all = () => document.getElementsByTagName(element.tagName)
  const index = Array.prototype.indexOf.call(all(), element)
  return () => {
    if (element.isConnected) return element
    const found = element.id ? document.getElementById(element.id) : all()[index]
    return found?.tagName === element.tagName ? (found as E) : undefined
  }
}

function holdUntilLive(event: Event) {
  if (live || !(event.target instanceof Element)) return
  if (event.type === 'submit') {
    const form = standIn(event.target as HTMLFormElement)
    event.preventDefault()
    held.push(() => form()?.requestSubmit())
  } else if (event.type === 'change') {
    // A file chosen: the browser keeps it on the field; React hears of it once it listens. A
    // field drawn anew is given the files the visitor chose on the server's.
    const field = event.target
    if (field instanceof HTMLInputElement && field.type === 'file') {
      const current = standIn(field)
      held.push(() => {
        const now = current()
        if (!now) return
        if (now !== field && field.files) now.files = field.files
        now.dispatchEvent(new Event('change', { bubbles: true }))
      })
    }
  } else {
    const control = event.target.closest<HTMLElement>(scripted)
    if (!control) return
    // Undone now (a box stays unticked, no file chooser opens), done again when live.
    event.preventDefault()
    const current = standIn(control)
    held.push(() => current()?.click())
  }
}

/** Called once by the public entry, before anything on the page can be pressed. */
export function holdInteractionsUntilLive() {
  for (const type of ['click', 'submit', 'change']) {
    document.addEventListener(type, holdUntilLive, { capture: true })
  }
}

/**
 * Called once the page is React's and its forms have rendered what was typed before
 * (use-page-takeover.ts): marks it (`html[data-live]`) and does again what was held.
 */
export function markLive() {
  if (live) return
  live = true
  document.documentElement.dataset.live = ''
  replayNext()
}

/**
 * Each held press in a task of its own, as the visitor's own presses came: what one press
 * changes on the page (a button busy while the form is on its way) is there for the next.
 */
function replayNext() {
  setTimeout(() => {
    held.shift()?.()
    if (held.length > 0) replayNext()
  })
}
