import Dexie, { type EntityTable } from 'dexie'

/** A report response kept for reading offline, with the time it was fetched. */
export interface CachedReport {
  key: string
  userId: string
  fetchedAt: number
  data: unknown
}

/** An applicant's unfinished admission form. */
export interface AdmissionDraft {
  id: string
  institute: string
  formId: string
  updatedAt: number
  data: unknown
}

export interface DraftAttachment {
  id: string
  draftId: string
  name: string
  type: string
  blob: Blob
}

/** A request that creates money or an application, replayed with its idempotency key. */
export interface QueuedRequest {
  idempotencyKey: string
  createdAt: number
  method: 'POST' | 'PUT'
  path: string
  body: unknown
}

/**
 * The browser's own database (IndexedDB through Dexie). The stores are declared now so later
 * features add data, not schema versions, for the first release.
 */
export const offlineDb = new Dexie('institute-office') as Dexie & {
  reports: EntityTable<CachedReport, 'key'>
  drafts: EntityTable<AdmissionDraft, 'id'>
  attachments: EntityTable<DraftAttachment, 'id'>
  outbox: EntityTable<QueuedRequest, 'idempotencyKey'>
}

offlineDb.version(1).stores({
  reports: '&key, userId, fetchedAt',
  drafts: '&id, [institute+formId], updatedAt',
  attachments: '&id, draftId',
  outbox: '&idempotencyKey, createdAt',
})
