import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { keepConnectionsAlive } from './http-server.ts'

it('keeps an idle connection open past Node’s 5 s (and its 1 s grace), so a client reusing it is not reset', async () => {
  const server = keepConnectionsAlive(createServer((_req, res) => res.end('ok')))
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const get = () =>
    new Promise<{ reused: boolean; body: string }>((done, fail) => {
      const req = request({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => done({ reused: req.reusedSocket, body }))
      })
      req.on('error', fail)
      req.end()
    })
  try {
    expect(await get()).toEqual({ reused: false, body: 'ok' })
    await sleep(7_000)
    expect(await get()).toEqual({ reused: true, body: 'ok' })
  } finally {
    agent.destroy()
    server.closeAllConnections()
    await new Promise((closed) => server.close(closed))
  }
}, 15_000)
