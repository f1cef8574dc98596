import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '1.2.3')
    expect(c).toMatchObject({
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      accessTokenTtl: 600,
      refreshTokenTtl: 7 * 24 * 3600,
      refreshTokenTtlRemember: 30 * 24 * 3600,
      version: '1.2.3',
      passwordHashCost: 17,
    })
    expect(c.dataDir).toMatch(/\/data$/)
  })

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '1')).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' }, '1')).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, '1')).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' }, '1')).toThrow(/ADMIN_PASSWORD/)
    expect(() => loadConfig({ PASSWORD_HASH_COST: '4' }, '1')).toThrow(/PASSWORD_HASH_COST/)
    expect(() => loadConfig({ TRUST_PROXY: 'yes' }, '1')).toThrow(/TRUST_PROXY/)
    // The embedded database is one process's: several need a PostgreSQL server.
    expect(() => loadConfig({ WORKERS: '4' }, '1')).toThrow(/WORKERS/)
  })

  it('takes the public address as an origin, and refuses one that is no web address', () => {
    expect(loadConfig({}, '1').publicUrl).toBeUndefined()
    expect(loadConfig({ PUBLIC_URL: 'https://pay.school.example/' }, '1').publicUrl).toBe(
      'https://pay.school.example',
    )
    expect(() => loadConfig({ PUBLIC_URL: 'pay.school.example' }, '1')).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://pay.school.example' }, '1')).toThrow(/PUBLIC_URL/)
  })

  it('trusts no proxy unless told, and runs as many API processes as asked', () => {
    expect(loadConfig({}, '1')).toMatchObject({ trustProxy: 0, workers: 1 })
    expect(loadConfig({ TRUST_PROXY: 'true' }, '1').trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }, '1').trustProxy).toBe(2)
    const url = 'postgres://u:p@localhost/db'
    expect(
      loadConfig({ WORKERS: '4', DATABASE_URL: url, MERCHANT_KEY: 'a'.repeat(64) }, '1').workers,
    ).toBe(4)
  })

  it('reads token lifetimes so tests can shorten them', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '5' }, '1').accessTokenTtl).toBe(5)
  })
})
