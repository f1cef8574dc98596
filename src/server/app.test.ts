import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '../shared/schemas/api-error.ts'
import { createTestApp, jsonRequest } from './test-support/test-app.ts'

describe('the API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.database.close())

  it('reports health with the database checked', async () => {
    const res = await t.app.request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      databaseKind: t.database.kind,
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('is ready with its migrations applied, and not once it has begun to stop', async () => {
    const ready = await t.app.request('/api/ready')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'current',
      stopping: false,
    })
    t.app.services.lifecycle.stopping = true
    const stopping = await t.app.request('/api/ready')
    t.app.services.lifecycle.stopping = false
    expect(stopping.status).toBe(503)
    expect(await stopping.json()).toMatchObject({ status: 'not_ready', stopping: true })
  })

  it('tells its name and version', async () => {
    const res = await t.app.request('/api/version')
    expect(await res.json()).toEqual({
      name: 'Educational Management System',
      version: '0.0.0-test',
    })
  })

  it('answers an unknown API path with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/health/extra', '/api']) {
      const res = await t.app.request(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
      expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found' })
    }
  })

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const res = await t.app.request('/api/client-errors', jsonRequest('{"message": "x",'))
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string }
    expect(body).toEqual({ message: 'Malformed JSON in request body', code: 'malformed_json' })
  })

  it('refuses a body that is not JSON with a 400', async () => {
    const res = await t.app.request('/api/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    })
    expect(res.status).toBe(400)
  })

  it('answers invalid input with a 422 naming each field', async () => {
    const res = await t.app.request('/api/client-errors', jsonRequest('{"url": 5}'))
    expect(res.status).toBe(422)
    const body = (await res.json()) as ApiError
    expect(body.code).toBe('validation_failed')
    expect(body.errors?.message).toEqual(['This field is required.'])
    expect(body.errors?.url).toEqual(['Not a valid value.'])
    expect(body.fields).toEqual({
      message: [{ code: 'required' }],
      url: [{ code: 'invalid_value' }],
    })
  })

  it('refuses a request body over the size limit with a 413', async () => {
    const huge = JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10), url: '/' })
    const res = await t.app.request('/api/client-errors', jsonRequest(huge))
    expect(res.status).toBe(413)
  })

  it('answers the request after a 413 on the same kept-alive connection', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((ready) => server.once('listening', ready))
    const { port } = server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const send = (body: string) =>
      new Promise<{ status: number; body: string }>((done, fail) => {
        const req = request(
          { port, host: '127.0.0.1', path: '/api/client-errors', method: 'POST', agent },
          (res) => {
            let text = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => (text += chunk))
            res.on('end', () => done({ status: res.statusCode!, body: text }))
          },
        )
        req.on('error', fail)
        req.setHeader('Content-Type', 'application/json')
        req.end(body)
      })
    try {
      const huge = await send(JSON.stringify({ message: 'x'.repeat(3 * 1024 * 1024), url: '/' }))
      expect(huge).toMatchObject({ status: 413 })
      expect(JSON.parse(huge.body)).toMatchObject({ code: 'payload_too_large' })
      const next = await send(JSON.stringify({ message: 'after', url: '/' }))
      expect(next.status).toBe(204)
    } finally {
      agent.destroy()
      await new Promise((closed) => server.close(closed))
    }
  })

  it('logs a crash report from the client and one line per request', async () => {
    const report = { message: 'Boom', url: 'http://localhost/dashboard', release: '1.0.0' }
    const res = await t.app.request('/api/client-errors', jsonRequest(report))
    expect(res.status).toBe(204)
    const lines = t.logLines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'client error', report }))
    const requestLine = lines.findLast((l) => l.msg === 'request')
    expect(requestLine).toMatchObject({ method: 'POST', path: '/api/client-errors', status: 204 })
    expect(typeof requestLine?.ms).toBe('number')
  })

  it('rate limits crash reports per client with a Retry-After', async () => {
    const { app, database } = await createTestApp()
    const body = JSON.stringify({ message: 'again', url: '/' })
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      statuses.push((await app.request('/api/client-errors', jsonRequest(body))).status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true)
    const limited = await app.request('/api/client-errors', jsonRequest(body))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    await database.close()
  })

  it('answers 503 on health when the database is gone, without a stack trace', async () => {
    const { app, database } = await createTestApp()
    await database.close()
    const res = await app.request('/api/health')
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' })
  })
})

describe('the built client served from the same origin', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let dist: string
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dist-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>' + ' '.repeat(2000))
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {})')
    writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log(1)'.repeat(200))
    // A chunk the build compressed already (vite.config.ts, `precompressed`): at a quality
    // of its own here, so its bytes differ from what the server would make.
    writeFileSync(join(dir, 'assets/big-def456.js'), 'console.log(2)'.repeat(200))
    writeFileSync(
      join(dir, 'assets/big-def456.js.br'),
      brotliCompressSync('console.log(2)'.repeat(200), {
        params: { [constants.BROTLI_PARAM_QUALITY]: 1 },
      }),
    )
    dist = dir
    t = await createTestApp({ staticDir: dir })
  })
  afterAll(() => t.database.close())

  it('sends strict security headers with the HTML', async () => {
    const res = await t.app.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('asks browsers to keep to HTTPS only in answers over HTTPS', async () => {
    const secure = await t.app.request('https://school.example/')
    expect(secure.headers.get('strict-transport-security')).toBe(
      'max-age=15552000; includeSubDomains',
    )
    const plain = await t.app.request('http://school.example/api/health', {
      headers: { 'X-Forwarded-Proto': 'https' },
    })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('caches hashed assets for a year and never index.html or sw.js', async () => {
    const asset = await t.app.request('/assets/index-abc123.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect((await t.app.request('/')).headers.get('cache-control')).toBe('no-cache')
    expect((await t.app.request('/sw.js')).headers.get('cache-control')).toBe('no-cache')
  })

  it('falls back to index.html for client routes but not for missing files or the API', async () => {
    const route = await t.app.request('/dashboard/analytics')
    expect(route.status).toBe(200)
    expect(await route.text()).toContain('<title>x</title>')
    expect((await t.app.request('/assets/missing-123.js')).status).toBe(404)
    expect((await t.app.request('/logo.png')).status).toBe(404)
    // A path with dots (a token) opened by the browser is still a page.
    const page = await t.app.request('/impersonation-setup/eyJ.eyJ.sig', {
      headers: { Accept: 'text/html,application/xhtml+xml' },
    })
    expect(await page.text()).toContain('<title>x</title>')
    expect((await t.app.request('/api/unknown')).headers.get('content-type')).toMatch(/json/)
  })

  it('compresses text and answers a matching ETag with 304', async () => {
    const res = await t.app.request('/', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const etag = res.headers.get('etag') ?? ''
    const again = await t.app.request('/', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  it('answers simultaneous first requests with the same brotli body, which unpacks to the file', async () => {
    const plain = await (await t.app.request('/')).text()
    const both = await Promise.all(
      [1, 2].map(() => t.app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } })),
    )
    for (const res of both) {
      expect(res.headers.get('content-encoding')).toBe('br')
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(plain)
    }
  })

  it('sends the build’s own brotli copy of a file as it is, and never the copy as a file', async () => {
    const packed = readFileSync(join(dist, 'assets/big-def456.js.br'))
    const res = await t.app.request('/assets/big-def456.js', {
      headers: { 'Accept-Encoding': 'br' },
    })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(packed)
    expect((await t.app.request('/assets/big-def456.js.br')).status).toBe(404)
  })
})
