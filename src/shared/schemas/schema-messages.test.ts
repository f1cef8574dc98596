import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isErrorCode } from '../errors/catalogue.ts'

/** Every `message` a valibot schema or action holds, found by walking what it is made of. */
function messagesOf(node: unknown, seen = new Set<unknown>()): string[] {
  if (node === null || typeof node !== 'object' || seen.has(node)) return []
  seen.add(node)
  const own = node as Record<string, unknown>
  const found = typeof own.message === 'string' ? [own.message] : []
  for (const key of [
    'pipe',
    'entries',
    'options',
    'item',
    'items',
    'wrapped',
    'rest',
    'key',
    'value',
  ]) {
    const part = own[key]
    const parts = Array.isArray(part)
      ? part
      : part && typeof part === 'object'
        ? Object.values(part)
        : []
    if (part && typeof part === 'object' && 'kind' in part) found.push(...messagesOf(part, seen))
    else for (const p of parts) found.push(...messagesOf(p, seen))
  }
  return found
}

describe('the shared schemas', () => {
  it('give only codes of the error catalogue as messages (forms tell them by their shape)', async () => {
    const dir = import.meta.dirname
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
    const messages = new Set<string>()
    for (const file of files) {
      const module = (await import(resolve(dir, file))) as Record<string, unknown>
      for (const value of Object.values(module)) messagesOf(value).forEach((m) => messages.add(m))
    }
    expect(messages.size).toBeGreaterThan(30)
    expect([...messages].filter((m) => !isErrorCode(m))).toEqual([])
  })
})
