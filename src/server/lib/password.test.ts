import { describe, expect, it } from 'vitest'
import {
  generatePassword,
  hashPassword,
  hashStats,
  productionHashCost,
  verifyAgainstNobody,
  verifyPassword,
} from './password.ts'

describe('passwords', () => {
  it('stores a salted scrypt hash at the production cost that verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery', { cost: productionHashCost })
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(hash).not.toContain('correct horse')
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false)
    expect(await hashPassword('correct horse battery')).not.toBe(hash)
  })

  it('keeps the cost in the hash, so a hash made at another cost still verifies', async () => {
    const cheap = await hashPassword('pass phrase', { cost: 10 })
    expect(cheap).toMatch(/^scrypt\$1024\$/)
    expect(await verifyPassword('pass phrase', cheap)).toBe(true)
  })

  it('rejects a damaged or foreign hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false)
    expect(await verifyPassword('x', '')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$3$8$1$c2FsdA$aGFzaA')).toBe(false)
  })

  it('spends a full derivation on a name that matches nobody', async () => {
    await verifyAgainstNobody('warm-up')
    const before = hashStats.derivations
    expect(await verifyAgainstNobody('anything')).toBe(false)
    expect(hashStats.derivations).toBe(before + 1)
  })

  it('generates readable random passwords', () => {
    const a = generatePassword()
    expect(a).toMatch(/^[a-zA-Z2-9]{16}$/)
    expect(a).not.toMatch(/[01lIoO]/)
    expect(generatePassword()).not.toBe(a)
  })
})
