import { describe, expect, it } from 'vitest'
import { evictionVictims, type SizedEntry } from './eviction.ts'

const entry = (key: string, size: number, fetchedAt: number, pinned: 0 | 1 = 0): SizedEntry => ({
  key,
  size,
  fetchedAt,
  pinned,
})

describe('evicting stored reads past the size limit', () => {
  it('keeps everything within the limit', () => {
    expect(evictionVictims([entry('a', 40, 1), entry('b', 60, 2)], 100)).toEqual([])
  })

  it('drops unpinned entries oldest first until the rest fit', () => {
    const entries = [entry('new', 50, 30), entry('old', 50, 10), entry('mid', 50, 20)]
    expect(evictionVictims(entries, 60)).toEqual(['old', 'mid'])
  })

  it('never drops a pinned entry, and pinned sizes do not count', () => {
    const entries = [entry('pinned', 500, 1, 1), entry('a', 30, 2), entry('b', 30, 3)]
    expect(evictionVictims(entries, 40)).toEqual(['a'])
  })
})
