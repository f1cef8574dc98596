import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { addUser, createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.ts'
import { createLogger } from './logger.ts'

/*
 * Two API processes on one database (here two apps, each with its own memory, on one
 * database): throttles and rate limits count together, so a second process gives an attacker
 * no more tries than one. And the client's address behind a trusted proxy.
 */
describe('limits shared by API processes', () => {
  let t: TestApp
  let other: TestApp['app']
  beforeAll(async () => {
    t = await createTestApp()
    other = createApp({ db: t.database, config: t.config, log: createLogger('silent') })
  })
  afterAll(() => t.database.close())

  const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })
  const login = (app: TestApp['app'], address: string, password: string) =>
    app.request(
      '/api/auth/login',
      jsonRequest({ username: 'shared-owner', password }),
      from(address),
    )

  it('a sixth wrong password through the other process waits like one through the same', async () => {
    await addUser(t, { username: 'shared-owner', password: 'owner-password-1', roles: ['viewer'] })
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? other : t.app
      expect((await login(app, '10.9.0.1', `wrong-${i}`)).status).toBe(401)
    }
    const limited = await login(other, '10.9.0.1', 'wrong-again')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await login(t.app, '10.9.0.1', 'wrong-again')).status).toBe(429)
  })

  const report = (app: TestApp['app'], address: string, headers: Record<string, string> = {}) =>
    app.request(
      '/api/client-errors',
      jsonRequest({ message: 'boom', url: 'http://localhost/x' }, headers),
      from(address),
    )

  it('a rate limit counts the requests to every process', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await report(i % 2 ? other : t.app, '10.9.0.2')).status).toBeLessThan(300)
    }
    expect((await report(other, '10.9.0.2')).status).toBe(429)
    expect((await report(t.app, '10.9.0.2')).status).toBe(429)
    expect((await report(t.app, '10.9.0.3')).status).toBeLessThan(300)
  })

  it('takes the client from X-Forwarded-For only behind a trusted proxy', async () => {
    const proxy = '10.9.9.9'
    const forwarded = (client: string) => ({ 'X-Forwarded-For': `203.0.113.7, ${client}` })
    // Not trusted (the default): the header is the client's say, the proxy's address counts.
    for (let i = 0; i < 20; i++) await report(t.app, proxy, forwarded(`198.51.100.${i}`))
    expect((await report(t.app, proxy, forwarded('198.51.100.99'))).status).toBe(429)

    // Behind one trusted proxy: the address it appended is the client.
    const behind = createApp({
      db: t.database,
      config: { ...t.config, trustProxy: 1 },
      log: createLogger('silent'),
    })
    for (let i = 0; i < 20; i++) {
      expect((await report(behind, proxy, forwarded('198.51.100.200'))).status).toBeLessThan(300)
    }
    expect((await report(behind, proxy, forwarded('198.51.100.200'))).status).toBe(429)
    // Another applicant behind the same proxy is not held back by the first.
    expect((await report(behind, proxy, forwarded('198.51.100.201'))).status).toBeLessThan(300)
    // What the client wrote before the proxy's entry changes nothing.
    expect(
      (await report(behind, proxy, { 'X-Forwarded-For': '1.2.3.4, 198.51.100.200' })).status,
    ).toBe(429)
  })
})
