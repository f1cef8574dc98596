import { HTTPError, NetworkError } from 'ky'
import { describe, expect, it, vi } from 'vitest'
import {
  isNotAvailableOffline,
  readThrough,
  shouldRetryRead,
  type ReadThroughDeps,
  type StoredCopy,
} from './read-through.ts'

const request = new Request('http://localhost/api/accounting/trial-balance')
const httpError = (status: number) =>
  new HTTPError(new Response('{}', { status }), request, {} as HTTPError['options'])
const networkError = () => new NetworkError(request, { cause: new TypeError('Failed to fetch') })
const later = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(resolve, ms, value))

const storedCopy: StoredCopy = { raw: { total: 100 }, fetchedAt: 1_700_000_000_000 }

function deps(overrides: Partial<ReadThroughDeps> = {}) {
  const saved: unknown[] = []
  const fetch = vi.fn(() => Promise.resolve<unknown>({ total: 250 }))
  const all: ReadThroughDeps = {
    online: () => true,
    state: { unreachable: false },
    slowAfterMs: 4000,
    load: () => Promise.resolve(storedCopy),
    save: (raw) => {
      saved.push(raw)
      return Promise.resolve()
    },
    fetch,
    ...overrides,
  }
  return { deps: all, saved, fetch }
}

// The shape check of the answer: what the shared schema does in the app.
const parse = (raw: unknown) => {
  const total = (raw as { total?: unknown }).total
  if (typeof total !== 'number') throw new Error('not a total')
  return { total }
}

describe('a staff read', () => {
  it('offline, answers from the stored copy with its fetch time and sends nothing', async () => {
    const { deps: d, fetch } = deps({ online: () => false })
    const outcome = await readThrough(d, parse)
    expect(outcome).toEqual({ data: { total: 100 }, storedAt: storedCopy.fetchedAt })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('offline with nothing stored, says it is not available and sends nothing', async () => {
    const { deps: d, fetch } = deps({ online: () => false, load: () => Promise.resolve(undefined) })
    const err = await readThrough(d, parse).catch((e: unknown) => e)
    expect(isNotAvailableOffline(err)).toBe(true)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('online, answers from the server and keeps the answer', async () => {
    const { deps: d, saved } = deps({ state: { unreachable: true } })
    const outcome = await readThrough(d, parse)
    expect(outcome).toEqual({ data: { total: 250 } })
    await vi.waitFor(() => expect(saved).toEqual([{ total: 250 }]))
    expect(d.state.unreachable).toBe(false)
  })

  it('an unreachable server: the stored copy, and the next read does not wait', async () => {
    const { deps: d } = deps({ fetch: () => Promise.reject(networkError()) })
    const outcome = await readThrough(d, parse)
    expect(outcome.storedAt).toBe(storedCopy.fetchedAt)
    expect(d.state.unreachable).toBe(true)
  })

  it('an unreachable server and nothing stored: not available, the failure as its cause', async () => {
    const cause = networkError()
    const { deps: d } = deps({
      fetch: () => Promise.reject(cause),
      load: () => Promise.resolve(undefined),
    })
    const err = await readThrough(d, parse).catch((e: unknown) => e)
    expect(isNotAvailableOffline(err)).toBe(true)
    expect((err as Error).cause).toBe(cause)
  })

  it('a refusal (403) is the answer, even with a stored copy', async () => {
    const { deps: d } = deps({ fetch: () => Promise.reject(httpError(403)) })
    await expect(readThrough(d, parse)).rejects.toBeInstanceOf(HTTPError)
  })

  it('a proxy without its server (502, 504) counts as unreachable', async () => {
    for (const status of [502, 504]) {
      const { deps: d } = deps({ fetch: () => Promise.reject(httpError(status)) })
      expect((await readThrough(d, parse)).storedAt).toBe(storedCopy.fetchedAt)
    }
  })

  it('a slow server: the stored copy after the wait, then the answer when it comes', async () => {
    const { deps: d, saved } = deps({ slowAfterMs: 20, fetch: () => later(150, { total: 300 }) })
    const outcome = await readThrough(d, parse)
    expect(outcome.data).toEqual({ total: 100 })
    expect(outcome.storedAt).toBe(storedCopy.fetchedAt)
    await expect(outcome.late).resolves.toEqual({ total: 300 })
    await vi.waitFor(() => expect(saved).toEqual([{ total: 300 }]))
  })

  it('a slow server and nothing stored: waits for the answer', async () => {
    const { deps: d } = deps({
      slowAfterMs: 10,
      fetch: () => later(60, { total: 300 }),
      load: () => Promise.resolve(undefined),
    })
    expect(await readThrough(d, parse)).toEqual({ data: { total: 300 } })
  })

  it('after an unreachable read, the stored copy comes at once and the server updates it', async () => {
    const { deps: d } = deps({
      state: { unreachable: true },
      slowAfterMs: 60_000,
      fetch: () => later(50, { total: 400 }),
    })
    const outcome = await readThrough(d, parse)
    expect(outcome.storedAt).toBe(storedCopy.fetchedAt)
    await expect(outcome.late).resolves.toEqual({ total: 400 })
    expect(d.state.unreachable).toBe(false)
  })

  it('a stored copy of an older shape counts as none', async () => {
    const { deps: d } = deps({
      online: () => false,
      load: () => Promise.resolve({ raw: { sum: 1 }, fetchedAt: 1 }),
    })
    const err = await readThrough(d, parse).catch((e: unknown) => e)
    expect(isNotAvailableOffline(err)).toBe(true)
  })
})

describe('retrying a failed read', () => {
  it('tries once more after a server failure, never after no answer or a refusal', () => {
    expect(shouldRetryRead(0, httpError(500))).toBe(true)
    expect(shouldRetryRead(1, httpError(500))).toBe(false)
    for (const err of [httpError(502), httpError(404), httpError(403), networkError()]) {
      expect(shouldRetryRead(0, err)).toBe(false)
    }
  })
})
