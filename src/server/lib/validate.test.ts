import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ApiException, fieldTexts } from './errors.ts'
import { parseOrThrow } from './validate.ts'

const errorsOf = (run: () => unknown) => {
  try {
    run()
  } catch (err) {
    if (err instanceof ApiException)
      return { status: err.status, errors: fieldTexts(err.extra.fields ?? {}) }
    throw err
  }
  return undefined
}

describe('parseOrThrow', () => {
  const Note = v.object({ text: v.optional(v.string()) })
  const Change = v.object({
    note: v.optional(Note),
    notes: v.optional(v.array(Note)),
    tags: v.optional(v.array(v.string())),
    labels: v.optional(v.record(v.string(), Note)),
    either: v.optional(v.union([Note, v.object({ id: v.string() })])),
  })

  it('refuses a list wherever an object is expected, naming where', () => {
    expect(errorsOf(() => parseOrThrow(Change, []))).toEqual({
      status: 422,
      errors: { _: ['Expected an object, not a list.'] },
    })
    const nested = { note: [], notes: [{}, []], labels: { a: [] }, either: [] }
    expect(errorsOf(() => parseOrThrow(Change, nested))?.errors).toEqual({
      note: ['Expected an object, not a list.'],
      'notes.1': ['Expected an object, not a list.'],
      'labels.a': ['Expected an object, not a list.'],
      either: ['Expected an object, not a list.'],
    })
  })

  it('takes lists where lists are expected, and objects as before', () => {
    const input = { notes: [{ text: 'a' }], tags: ['x'], labels: { a: {} }, either: { text: 'c' } }
    expect(parseOrThrow(Change, input)).toEqual(input)
    expect(parseOrThrow(v.array(Note), [{ text: 'b' }])).toEqual([{ text: 'b' }])
    expect(errorsOf(() => parseOrThrow(Change, null))?.status).toBe(422)
  })
})
