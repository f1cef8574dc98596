/** Own-session endpoints: signed in is enough, for they only ever touch the caller. */
export const selfServicePrefix = '/api/auth/'

/** What the OpenAPI document describes: the composed app's routes and which need no token. */
export interface ApiSurface {
  routes: readonly RouteLike[]
  publicEndpoints: ReadonlySet<string>
  version: string
}

export interface RouteLike {
  method: string
  path: string
  handler: object
}

/** Each endpoint (method and path) once, with the handlers (middleware included) on its chain. */
export function endpointsOf(routes: readonly RouteLike[]): Map<string, object[]> {
  const endpoints = new Map<string, object[]>()
  for (const route of routes) {
    if (route.method === 'ALL') continue
    const key = `${route.method} ${route.path}`
    endpoints.set(key, [...(endpoints.get(key) ?? []), route.handler])
  }
  return endpoints
}
