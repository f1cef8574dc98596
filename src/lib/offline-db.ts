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
