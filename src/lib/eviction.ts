export interface SizedEntry {
  key: string
  size: number
  fetchedAt: number
  pinned: 0 | 1
}

/**
 * The unpinned entries to drop, oldest first, until the unpinned ones together fit in `limit`
 * bytes. Pinned entries are never dropped and do not count against the limit.
 */
export function evictionVictims(entries: readonly SizedEntry[], limit: number): string[] {
  const unpinned = entries.filter((e) => e.pinned === 0).sort((a, b) => a.fetchedAt - b.fetchedAt)
  let total = unpinned.reduce((sum, e) => sum + e.size, 0)
  const victims: string[] = []
  for (const entry of unpinned) {
    if (total <= limit) break
    victims.push(entry.key)
    total -= entry.size
  }
  return victims
}
