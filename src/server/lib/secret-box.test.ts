import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { parseKey, SecretBox, SecretBoxError, secretBoxFor } from './secret-box.ts'

const key = () => randomBytes(32)

describe('merchant secrets sealed at rest', () => {
  it('seals with AES-256-GCM under the named key, never in clear, and opens what it sealed', () => {
    const box = new SecretBox(key())
    const sealed = box.seal('store-password-1')
    expect(sealed).not.toContain('store-password-1')
    expect(sealed.split(':')[1]).toBe(box.currentKeyId)
    expect(box.open(sealed)).toBe('store-password-1')
    // Each seal has its own nonce.
    expect(box.seal('store-password-1')).not.toBe(sealed)
  })

  it('refuses a tampered value and one sealed under a key it was not given', () => {
    const box = new SecretBox(key())
    const sealed = box.seal('secret')
    const parts = sealed.split(':')
    parts[4] = Buffer.from('other').toString('base64')
    expect(() => box.open(parts.join(':'))).toThrow()
    expect(() => new SecretBox(key()).open(sealed)).toThrow(SecretBoxError)
  })

  it('rotates: the old key opens what it sealed, new seals use the new key', () => {
    const old = key()
    const sealed = new SecretBox(old).seal('secret')
    const rotated = new SecretBox(key(), [old])
    expect(rotated.isStale(sealed)).toBe(true)
    const resealed = rotated.seal(rotated.open(sealed))
    expect(rotated.isStale(resealed)).toBe(false)
    expect(rotated.open(resealed)).toBe('secret')
  })

  it('takes MERCHANT_KEY as base64 or hex, refusing other lengths', () => {
    const k = key()
    expect(parseKey(k.toString('base64'), 'K')).toEqual(k)
    expect(parseKey(k.toString('hex'), 'K')).toEqual(k)
    expect(() => parseKey('c2hvcnQ=', 'MERCHANT_KEY')).toThrow(/MERCHANT_KEY/)
  })

  it('requires MERCHANT_KEY with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' }, '1')).toThrow(/MERCHANT_KEY/)
    const k = key().toString('base64')
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', MERCHANT_KEY: k }, '1').merchantKey).toBe(k)
  })

  it('with the embedded database, generates a key into the data dir once, readable by its owner only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'secret-box-'))
    const config = loadConfig({ DATA_DIR: dataDir }, '1')
    const first = await secretBoxFor(config)
    const sealed = first.seal('secret')
    const again = await secretBoxFor(config)
    expect(again.open(sealed)).toBe('secret')
    expect((await stat(join(dataDir, 'merchant.key'))).mode & 0o777).toBe(0o600)
    expect((await readFile(join(dataDir, 'merchant.key'), 'utf8')).trim()).toHaveLength(44)
  })
})
