import Dexie, { type EntityTable } from 'dexie'
import { offlineDbName } from './offline-db-presence.ts'

/**
 * What is known of a staff read (a report, a list, a record) kept for reading it again offline,
 * keyed by user, institute, endpoint and parameters (src/lib/stored-reads.ts). The answer itself
 * is in `readData` under the same key, so sizes and ages are listed without loading it.
 */
export interface StoredRead {
  /** `user|institute|endpoint?parameters` */
  key: string
  userId: string
  instituteId: string
  /** Below /api/, without the parameters. */
  endpoint: string
  /** The query string, '' when there is none. */
  params: string
  /** The route that shows it, e.g. '/vouchers/trial-balance'. */
  screen: string
  fetchedAt: number
  /** Bytes of the stored JSON. */
  size: number
  /** 1: kept whatever the size limit, and refreshed whenever the app is online. */
  pinned: 0 | 1
}

interface StoredReadData {
  key: string
  /** The answer as received; parsed by its schema when read. */
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
  /** Which of the form's attachments the file is (its requirement's `kind`). */
  kind?: string
  name: string
  type: string
  blob: Blob
}

/** A request that creates money or an application, replayed with its idempotency key. */
export interface QueuedRequest {
  idempotencyKey: string
  createdAt: number
  method: 'POST' | 'PUT'
  /** Below /api/. */
  path: string
  /** JSON body, or the text fields of a multipart body when `attachmentId` names a file. */
  body: unknown
  /** What the request is, so the replay that sends it knows how to read the answer. */
  kind?: 'admission-submit' | 'admission-upload'
  /** The admission draft the request belongs to. */
  draftId?: string
  /** A file from `attachments` sent as the multipart field `file`. */
  attachmentId?: string
  /** admission-upload: the form's attachment kind. */
  attachmentKind?: string
  attempts?: number
}

/**
 * The browser's own database (IndexedDB through Dexie). The stores are declared now so later
 * features add data, not schema versions, for the first release.
 */
export const offlineDb = new Dexie(offlineDbName) as Dexie & {
  reads: EntityTable<StoredRead, 'key'>
  readData: EntityTable<StoredReadData, 'key'>
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
// The read store replaces the report cache of version 1, which nothing wrote.
offlineDb.version(2).stores({ reports: null, reads: '&key, userId, fetchedAt', readData: '&key' })
