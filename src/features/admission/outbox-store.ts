/**
 * The queue of admission requests waiting to be sent: where it lives (the offline database, or
 * memory where the browser refuses one) and the submission request it holds. Like the replay,
 * no DOM here: the service worker imports it too.
 */
import { offlineDb, type DraftAttachment, type QueuedRequest } from '../../lib/offline-db.ts'
import type { SubmitApplication } from '../../shared/schemas/admission-applications.ts'
import { submitPath } from './paths.ts'
import { readDraftData, type DraftData, type Submission } from './draft-data.ts'

export const isAdmissionJob = (job: QueuedRequest) =>
  job.kind === 'admission-submit' || job.kind === 'admission-upload'

/** One change of the queue and of a draft's submission, made atomically. */
export interface OutboxChange {
  draftId?: string | undefined
  deleteJob?: string
  putJob?: QueuedRequest
  addJobs?: QueuedRequest[]
  deleteAttachment?: string | undefined
  /** The draft's next submission, from its current one and the jobs it has left after this. */
  submission?: (current: Submission, jobsLeft: number) => Submission
}

/** Where the queue lives: the offline database, or a fake in unit tests. */
export interface OutboxStore {
  /** Every queued request, oldest first. */
  jobs(): Promise<QueuedRequest[]>
  draft(id: string): Promise<DraftData | undefined>
  attachment(id: string): Promise<DraftAttachment | undefined>
  apply(change: OutboxChange): Promise<void>
}

export const dexieOutboxStore: OutboxStore = {
  jobs: () => offlineDb.outbox.orderBy('createdAt').toArray(),
  async draft(id) {
    const record = await offlineDb.drafts.get(id)
    return record && readDraftData(record.data, record.updatedAt)
  },
  attachment: (id) => offlineDb.attachments.get(id),
  apply: (change) =>
    offlineDb.transaction(
      'rw',
      offlineDb.outbox,
      offlineDb.drafts,
      offlineDb.attachments,
      async () => {
        if (change.deleteJob) await offlineDb.outbox.delete(change.deleteJob)
        if (change.putJob) await offlineDb.outbox.put(change.putJob)
        if (change.addJobs?.length) await offlineDb.outbox.bulkPut(change.addJobs)
        if (change.deleteAttachment) await offlineDb.attachments.delete(change.deleteAttachment)
        const { draftId, submission } = change
        if (!draftId || !submission) return
        const record = await offlineDb.drafts.get(draftId)
        if (!record) return
        const left = await offlineDb.outbox.filter((job) => job.draftId === draftId).count()
        const current = readDraftData(record.data, record.updatedAt).submission
        const data = { ...(record.data as object), submission: submission(current, left) }
        await offlineDb.drafts.put({ ...record, data })
      },
    ),
}

/**
 * A queue that lives only as long as the page: where the browser refuses the offline database
 * (private browsing), a submission is still sent online, through the same replay.
 */
export class MemoryOutboxStore implements OutboxStore {
  readonly outbox = new Map<string, QueuedRequest>()
  readonly drafts = new Map<string, DraftData>()
  readonly files = new Map<string, DraftAttachment>()

  /** `changed` hears each draft whose submission the replay moved on. */
  constructor(private readonly changed?: (draftId: string, data: DraftData) => void) {}

  async jobs() {
    return [...this.outbox.values()].sort((a, b) => a.createdAt - b.createdAt)
  }
  async draft(id: string) {
    return this.drafts.get(id)
  }
  async attachment(id: string) {
    return this.files.get(id)
  }
  async apply(change: OutboxChange) {
    if (change.deleteJob) this.outbox.delete(change.deleteJob)
    if (change.putJob) this.outbox.set(change.putJob.idempotencyKey, change.putJob)
    for (const job of change.addJobs ?? []) this.outbox.set(job.idempotencyKey, job)
    if (change.deleteAttachment) this.files.delete(change.deleteAttachment)
    const { draftId, submission } = change
    const draft = draftId ? this.drafts.get(draftId) : undefined
    if (!draftId || !draft || !submission) return
    const left = [...this.outbox.values()].filter((j) => j.draftId === draftId).length
    const next = { ...draft, submission: submission(draft.submission, left) }
    this.drafts.set(draftId, next)
    this.changed?.(draftId, next)
  }
}

/** What queueing a submission needs from the page. */
interface QueuedSubmission {
  draftId: string
  institute: string
  formId: string
  idempotencyKey: string
  body: SubmitApplication
  now: number
}

/** The request a submission replays: the same body and key every time. */
export const submissionJob = (s: QueuedSubmission): QueuedRequest => ({
  idempotencyKey: s.idempotencyKey,
  createdAt: s.now,
  method: 'POST',
  path: submitPath(s.institute, s.formId),
  body: s.body,
  kind: 'admission-submit',
  draftId: s.draftId,
  attempts: 0,
})
