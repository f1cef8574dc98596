import type { Server } from 'node:http'

/**
 * How long a kept-alive connection may sit idle before the server closes it. Node's default
 * (5 s, plus a 1 s grace) is shorter than clients and proxies keep theirs (browsers and load
 * balancers 60 s): a request sent on a connection just as the server closes it fails with
 * ECONNRESET. A client closes its idle connections first when the server waits longer.
 */
export const keepAliveMs = 65_000

export function keepConnectionsAlive(server: Server) {
  server.keepAliveTimeout = keepAliveMs
  // Headers of a request must arrive within this; it has to outlast the idle wait.
  server.headersTimeout = keepAliveMs + 1_000
  return server
}
