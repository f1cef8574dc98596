import { offlineDb, type StoredRead } from './offline-db.ts'
import { session } from './session.ts'
import { evictionVictims } from './eviction.ts'
import { readOf } from './read-key.ts'

/*
 * The offline read store on this device (IndexedDB through Dexie): every staff read's latest
 * answer per user, institute, endpoint and parameters. Written and read only through
 * read-store.ts (the query layer) and the "Saved for offline" page.
 */

/** Unpinned copies past this many bytes (all users together) go, oldest first. */
export const unpinnedLimitBytes = 20 * 1024 * 1024

export const storeKey = (userId: string, instituteId: string, path: string) =>
  `${userId}|${instituteId}|${readOf(path)}`

export async function loadRead(key: string) {
  const [meta, body] = await Promise.all([offlineDb.reads.get(key), offlineDb.readData.get(key)])
  return meta && body ? { raw: body.data, fetchedAt: meta.fetchedAt } : undefined
}

export type NewRead = Pick<StoredRead, 'key' | 'userId' | 'instituteId' | 'screen'> & {
  path: string
  data: unknown
}

/** Keeps the server's answer; a pin stays. Nothing is kept for a user who is no longer signed in. */
export async function saveRead(read: NewRead) {
  const size = new TextEncoder().encode(JSON.stringify(read.data)).length
  const query = read.path.indexOf('?')
  await offlineDb.transaction('rw', offlineDb.reads, offlineDb.readData, async () => {
    if (session.userData()?.id !== read.userId) return
    const before = await offlineDb.reads.get(read.key)
    await offlineDb.reads.put({
      key: read.key,
      userId: read.userId,
      instituteId: read.instituteId,
      endpoint: query < 0 ? read.path : read.path.slice(0, query),
      params: query < 0 ? '' : read.path.slice(query + 1),
      screen: read.screen,
      fetchedAt: Date.now(),
      size,
      pinned: before?.pinned ?? 0,
    })
    await offlineDb.readData.put({ key: read.key, data: read.data })
    const victims = evictionVictims(await offlineDb.reads.toArray(), unpinnedLimitBytes)
    await removeReads(victims)
  })
}

async function removeReads(keys: string[]) {
  await offlineDb.reads.bulkDelete(keys)
  await offlineDb.readData.bulkDelete(keys)
}

/** Everything this device keeps for a user, newest first. */
export async function storedReadsOf(userId: string) {
  const rows = await offlineDb.reads.where('userId').equals(userId).toArray()
  return rows.sort((a, b) => b.fetchedAt - a.fetchedAt)
}

export const pinRead = (key: string, pinned: boolean) =>
  offlineDb.reads.update(key, { pinned: pinned ? 1 : 0 })

export const removeStoredReads = (keys: string[]) =>
  offlineDb.transaction('rw', offlineDb.reads, offlineDb.readData, () => removeReads(keys))

/** The pinned reads of a user in an institute, to refresh while online. */
export const pinnedReads = (userId: string, instituteId: string) =>
  offlineDb.reads
    .where('userId')
    .equals(userId)
    .filter((row) => row.pinned === 1 && row.instituteId === instituteId)
    .toArray()

/**
 * Forgets stored reads on a shared PC: a user's when they sign out or their session ends, and
 * everyone else's when someone signs in.
 */
export async function forgetStoredReads(which: { of: string } | { except: string } | 'all') {
  await offlineDb.transaction('rw', offlineDb.reads, offlineDb.readData, async () => {
    const rows =
      which === 'all'
        ? offlineDb.reads.toCollection()
        : 'of' in which
          ? offlineDb.reads.where('userId').equals(which.of)
          : offlineDb.reads.where('userId').notEqual(which.except)
    await removeReads(await rows.primaryKeys())
  })
}
