/**
 * What this device kept of a submission it sent: read from the offline database after the page
 * is up, never while it renders (the server has no such database, and the first render in the
 * browser must match the server's). The database code comes in with the first read.
 */
import { useEffect, useState } from 'react'
import type { KeptRefusal } from './saved-drafts.ts'

import { offlineDbPresent } from '../../lib/offline-db-presence.ts'

const persistence = () => import('./saved-drafts.ts')

/** A read of the device's records once mounted: undefined until it has answered. */
function useDeviceRead<T>(read: (key: string) => Promise<T>, key: string): T | undefined {
  const [value, setValue] = useState<{ key: string; value: T }>()
  useEffect(() => {
    let current = true
    read(key).then(
      (v) => current && setValue({ key, value: v }),
      (err: unknown) => console.error('this device’s records could not be read', err),
    )
    return () => {
      current = false
    }
  }, [read, key])
  return value?.key === key ? value.value : undefined
}

/** A read of the device's records; `none` without opening them when the device keeps nothing. */
const deviceRead = <T>(read: (m: Awaited<ReturnType<typeof persistence>>) => Promise<T>, none: T) =>
  offlineDbPresent()
    .then((present) => (present ? persistence().then(read) : none))
    .catch(() => none)

const refusals = (temporaryId: string): Promise<KeptRefusal[]> =>
  deviceRead((m) => m.keptRefusals(temporaryId), [])

const phone = (temporaryId: string): Promise<string> =>
  deviceRead((m) => m.savedPhone(temporaryId).then((found) => found ?? ''), '')

const none: readonly KeptRefusal[] = []

/**
 * The files of this device's submission that the server refused: none until read, and none
 * without a database (the same array then, so a page can tell when they arrive).
 */
export const useKeptRefusals = (temporaryId: string): readonly KeptRefusal[] =>
  useDeviceRead(refusals, temporaryId) ?? none

/** The phone this device submitted the application with, once read (undefined before). */
export const useSubmittedPhone = (temporaryId: string): string | undefined =>
  useDeviceRead(phone, temporaryId)

/** A refused file reached the institute after all: this device no longer keeps it. */
export const settleKeptUpload = (temporaryId: string, kind: string) =>
  persistence().then((m) => m.settleKeptUpload(temporaryId, kind))

export type { KeptRefusal }
