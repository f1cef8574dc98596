import { describe, expect, it } from 'vitest'
import { newTemporaryId } from './temporary-id.ts'

describe('temporary ids', () => {
  it('are 22 url-safe characters that never start with a sign a spreadsheet would run', () => {
    const seen = new Set<string>()
    // 2,000 draws: with the old plain base64url about 60 of them started with - or _.
    for (let i = 0; i < 2000; i++) {
      const id = newTemporaryId()
      expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{21}$/)
      seen.add(id)
    }
    expect(seen.size).toBe(2000)
  })
})
