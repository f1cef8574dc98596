/**
 * The address the visitor reached the app at: the browser's own, or on the server the request's
 * (set before each render; renders take turns, src/public-app/entry-server.tsx).
 */
let renderOrigin = ''

export function setRenderOrigin(origin: string) {
  renderOrigin = origin
}

export const pageOrigin = () =>
  typeof window === 'undefined' ? renderOrigin : window.location.origin
