import '../styles/app.css'

/*
 * The public pages' entry. The server's page is complete and usable as it arrives (typing is
 * kept), so the app starts only after the browser has painted it: on a slow network the page
 * and its styles get the bandwidth first, and evaluating and hydrating never hold back the
 * first paint. The page's own scripts, which the server names on this script's
 * `data-preload`, are then fetched all at once, so none waits for another.
 */
function preloadPageScripts() {
  const entry = document.querySelector<HTMLScriptElement>('script[data-preload]')
  const links = document.createDocumentFragment()
  for (const href of entry?.dataset.preload?.split(' ') ?? []) {
    if (!href) continue
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    links.append(link)
  }
  document.head.append(links)
}

function start() {
  preloadPageScripts()
  void import('./start.tsx')
}

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0))
else start()
