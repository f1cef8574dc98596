import { PGlite } from '@electric-sql/pglite'
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiException } from './errors.ts'
import {
  canonicalJson,
  fingerprintOf,
  idempotencyKey,
  withIdempotency,
  type IdempotentRequest,
} from './idempotency.ts'

/** A request carrying the given Idempotency-Key header (none for undefined), signed in or not. */
const withHeader = (value: string | undefined, userId?: string) =>
  ({
    req: { header: (name: string) => (name === 'idempotency-key' ? value : undefined) },
    var: userId ? { auth: { user: { id: userId } } } : {},
  }) as unknown as Context<AppEnv>

/** The refusal a call throws, or undefined when it passes. */
async function refusal(run: () => unknown): Promise<ApiException | undefined> {
  try {
    await run()
    return undefined
  } catch (err) {
    if (err instanceof ApiException) return err
    throw err
  }
}

describe('the Idempotency-Key header', () => {
  it('takes 8 to 100 characters, trimmed', () => {
    expect(idempotencyKey(withHeader('  key-0001  '), { required: true })).toBe('key-0001')
    expect(idempotencyKey(withHeader('k'.repeat(100)), { required: false })).toBe('k'.repeat(100))
  })

  it('names the signed-in user in the key, so that no two users share one', () => {
    expect(idempotencyKey(withHeader('key-0001', 'user-a'), { required: true })).toBe(
      'user-a:key-0001',
    )
    expect(idempotencyKey(withHeader('key-0001', 'user-b'), { required: false })).toBe(
      'user-b:key-0001',
    )
  })

  it('refuses a missing, short or long key with 400 where one is required', async () => {
    for (const value of [undefined, '', '   ', 'short', 'x'.repeat(101)]) {
      const err = await refusal(() => idempotencyKey(withHeader(value), { required: true }))
      expect(err?.status, String(value)).toBe(400)
      expect(err?.code).toBe('idempotency_key_required')
      expect(err?.message).toBe('An Idempotency-Key header of 8–100 characters is required.')
    }
  })

  it('lets a request without the header through where the key is optional, but not a bad one', async () => {
    expect(idempotencyKey(withHeader(undefined), { required: false })).toBeUndefined()
    for (const value of ['', 'short', 'x'.repeat(101)]) {
      const err = await refusal(() => idempotencyKey(withHeader(value), { required: false }))
      expect(err?.status, value).toBe(400)
      expect(err?.code).toBe('bad_idempotency_key')
      expect(err?.message).toBe('The Idempotency-Key header must be 8–100 characters.')
    }
  })
})

describe('fingerprints', () => {
  it('read the same whatever the order of keys, and leave undefined out', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: undefined }, null] })).toBe(
      '{"a":[{"d":"x"},null],"b":1}',
    )
    expect(fingerprintOf({ a: 1, b: 'two' })).toBe(fingerprintOf({ b: 'two', a: 1 }))
    expect(fingerprintOf({ a: 1, b: 'two' })).not.toBe(fingerprintOf({ a: 1, b: 'three' }))
    expect(fingerprintOf({ a: 1 })).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('withIdempotency', () => {
  // A store like the real ones: the effect's row carries the key under a unique index.
  let pg: PGlite
  beforeAll(async () => {
    pg = new PGlite()
    await pg.exec(`create table effects (
      id serial primary key, key text unique, fingerprint text not null, answer text not null)`)
  })
  afterAll(() => pg.close())

  let effects = 0
  /** A request asking for `what` under `key`; its effect writes a row answering `answer`. */
  function send(key: string | undefined, what: string) {
    const request: IdempotentRequest<string> = {
      key,
      fingerprint: fingerprintOf({ what }),
      find: async (key) => {
        const { rows } = await pg.query<{ fingerprint: string; answer: string }>(
          'select fingerprint, answer from effects where key = $1',
          [key],
        )
        return rows[0]
      },
      subject: 'application',
    }
    return withIdempotency(request, () =>
      pg.transaction(async (tx) => {
        effects++
        const { rows } = await tx.query<{ answer: string }>(
          `insert into effects (key, fingerprint, answer) values ($1, $2, $3) returning answer`,
          [key ?? null, request.fingerprint, `${what} #${crypto.randomUUID()}`],
        )
        return rows[0]!.answer
      }),
    )
  }
  const rowsWith = async (key: string) =>
    (await pg.query('select * from effects where key = $1', [key])).rows

  it('answers a retry with the stored answer, without a second effect', async () => {
    const first = await send('replay-key-01', 'pay 100')
    expect(first.replayed).toBe(false)
    const before = effects
    const again = await send('replay-key-01', 'pay 100')
    expect(again).toEqual({ answer: first.answer, replayed: true })
    expect(effects).toBe(before)
    expect(await rowsWith('replay-key-01')).toHaveLength(1)
  })

  it('answers a different request under the same key with 409, changing nothing', async () => {
    const first = await send('conflict-key-1', 'pay 100')
    const err = await refusal(() => send('conflict-key-1', 'pay 200'))
    expect(err?.status).toBe(409)
    expect(err?.code).toBe('idempotency_conflict')
    expect(err?.values).toEqual({ subject: 'application' })
    expect(err?.message).toBe(
      'This application was already sent with other answers. Please reload the page.',
    )
    expect(await rowsWith('conflict-key-1')).toEqual([
      expect.objectContaining({ answer: first.answer }),
    ])
  })

  it('makes one effect of requests with one key sent at once, and gives all its answer', async () => {
    const before = effects
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send('same-moment-1', 'pay 300')),
    )
    expect(await rowsWith('same-moment-1')).toHaveLength(1)
    expect(results.filter((r) => !r.replayed)).toHaveLength(1)
    expect(new Set(results.map((r) => r.answer)).size).toBe(1)
    // The others lost the race at the unique index, not only at the first look-up.
    expect(effects - before).toBeGreaterThan(1)
  })

  it('gives a request that lost the race with another payload a 409', async () => {
    const [a, b] = await Promise.allSettled([
      send('race-conflict1', 'pay 400'),
      send('race-conflict1', 'pay 500'),
    ])
    expect(a.status).toBe('fulfilled')
    expect(b.status).toBe('rejected')
    expect((b as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      code: 'idempotency_conflict',
    })
  })

  it('runs every request without a key, and lets other errors through', async () => {
    const one = await send(undefined, 'pay 600')
    const two = await send(undefined, 'pay 600')
    expect(one.answer).not.toBe(two.answer)
    expect([one.replayed, two.replayed]).toEqual([false, false])
    const failing: IdempotentRequest<string> = {
      key: 'failing-key-1',
      fingerprint: 'x',
      find: async () => undefined,
      subject: 'voucher',
    }
    await expect(withIdempotency(failing, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
  })
})
