import { describe, expect, it } from 'vitest'
import { generatePassword, hashPassword, verifyPassword } from './password.ts'

describe('passwords', () => {
  it('stores a salted scrypt hash that verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(hash).not.toContain('correct horse')
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false)
    expect(await hashPassword('correct horse battery')).not.toBe(hash)
  })

  it('rejects a damaged or foreign hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false)
    expect(await verifyPassword('x', '')).toBe(false)
  })

  it('generates readable random passwords', () => {
    const a = generatePassword()
    expect(a).toMatch(/^[a-zA-Z2-9]{16}$/)
    expect(a).not.toMatch(/[01lIoO]/)
    expect(generatePassword()).not.toBe(a)
  })
})
