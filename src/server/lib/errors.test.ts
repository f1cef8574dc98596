import { describe, expect, it } from 'vitest'
import { databaseRefusal } from './errors.ts'

/** As the query builder throws them: the driver's error as the cause of its own. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert …'), { cause })

describe('the database away, as a refusal', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['a server shutting down', wrapped({ code: '57P01', message: 'terminating connection' })],
    ['a server starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception', wrapped({ code: '08006', message: 'connection failure' })],
    ['a dropped connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
  ])('%s answers 503 database_unavailable with Retry-After', (_, err) => {
    expect(databaseRefusal(err)).toMatchObject({
      status: 503,
      code: 'database_unavailable',
      extra: { headers: { 'Retry-After': '5' } },
    })
  })

  it('leaves the database’s other refusals and other errors as they were', () => {
    expect(databaseRefusal(wrapped({ code: '23505' }))).toMatchObject({ status: 409 })
    expect(databaseRefusal(new Error('something else'))).toBeUndefined()
  })
})
