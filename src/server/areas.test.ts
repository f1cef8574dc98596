import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { errorMessages } from '../shared/errors/catalogue.ts'
import { areas } from './areas.ts'

const modules = new URL('./modules/', import.meta.url)
const listed = areas({}, () => {
  throw new Error('not described here')
})

/** The subjects an area's code names to the idempotency helper. */
function subjectsNamedIn(area: string): Set<string> {
  const named = new Set<string>()
  for (const file of readdirSync(new URL(area, modules), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const text = readFileSync(new URL(`${area}/${file}`, modules), 'utf8')
    if (!text.includes('lib/idempotency.ts') && !text.includes('idempotency_conflict')) continue
    for (const [, subject] of text.matchAll(/subject: '([\w-]+)'/g)) named.add(subject!)
  }
  return named
}

describe('the areas list', () => {
  it('lists every server module once', () => {
    const folders = readdirSync(modules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(listed.map((a) => a.name).sort()).toEqual(folders.sort())
  })

  it('declares each idempotency subject an area names, with its own sentence for the client', () => {
    const message = errorMessages.idempotency_conflict.message
    const sentences = new Set([...message.matchAll(/([\w-]+) \{[^{}]*\}/g)].map((m) => m[1]))
    for (const area of listed) {
      const declared = area.idempotencySubjects ?? []
      expect(
        [...subjectsNamedIn(area.name)].filter((s) => !declared.includes(s)),
        area.name,
      ).toEqual([])
      for (const subject of declared) expect(sentences, subject).toContain(subject)
    }
  })
})
