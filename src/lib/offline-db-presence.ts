/**
 * Whether this browser holds the app's offline database, asked without loading the database
 * code: a first visit has none, so an applicant's first page never loads Dexie just to find
 * nothing (the code comes with the first thing worth keeping, such as a typed field).
 */
export const offlineDbName = 'institute-office'

export async function offlineDbPresent(): Promise<boolean> {
  // Without the list (older browsers), assume there is one: loading the code is the safe side.
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true
  const present = await indexedDB.databases().catch(() => undefined)
  return present === undefined || present.some((db) => db.name === offlineDbName)
}
