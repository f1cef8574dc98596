/**
 * The applicant's draft of one form: a valtio proxy the inputs write into, saved to the offline
 * database on every change (the write starts within a microtask of the keystroke, and again on
 * `pagehide` / `visibilitychange` should anything be unsaved), so reloading, closing the tab or
 * going offline never loses a character. Files are Blobs beside the draft.
 *
 * The page owns the draft's fields, answers and files; the outbox replay (page or service
 * worker) owns its `submission`, which the page mirrors from the database as it changes.
 */
import { sniffType } from '../../shared/file-type.ts'
import { liveQuery, type Subscription } from 'dexie'
import { proxy, snapshot, subscribe } from 'valtio'
import { offlineDb, type AdmissionDraft, type DraftAttachment } from '../../lib/offline-db.ts'
import type {
  AttachmentRequirement,
  PublicAdmissionForm,
  PublicApplication,
  StandardField,
  SubmitApplication,
} from '../../shared/schemas/admission.ts'
import type { ErrorDetail } from '../../shared/schemas/api-error.ts'
import {
  attachmentProblem,
  hasContent,
  isInFlight,
  newDraftData,
  readDraftData,
  type AttachmentMeta,
  type AttachmentProblem,
  type DraftData,
  type Submission,
  type UploadResult,
} from './draft-data.ts'
import { MemoryOutboxStore, submissionJob } from './outbox.ts'
import { addMemoryQueue, sendQueued } from './outbox-triggers.ts'

export interface DraftState {
  /** The draft's key in the offline database; "start over" begins a new one. */
  id: string
  /** Whether the draft is in the database yet: it is written at the applicant's first change. */
  stored: boolean
  /** An unsent draft found when the page opened, offered back until the applicant chooses. */
  offer: { updatedAt: number } | null
  fields: Record<StandardField, string>
  answers: Record<string, string>
  attachments: Record<string, AttachmentMeta>
  idempotencyKey: string | null
  submission: Submission
  createdAt: number
  updatedAt: number
  /** The server's message per field after a refused submission, until the field changes. */
  serverErrors: Record<string, ErrorDetail>
  /** This page sent the submission: it goes on to the application once it is sent. */
  following: boolean
  /** The browser refused the offline database: the draft lives only as long as the page. */
  volatile: boolean
}

export interface DraftSession {
  institute: string
  formId: string
  /** The form as last loaded; saved with the draft so the draft opens offline. */
  form: PublicAdmissionForm
  state: DraftState
  /** Resolves once every change made so far is in the database. */
  saved(): Promise<void>
  /** An empty draft under a new key, not written until the applicant changes something. */
  reset(): void
}

const sessions = new Map<string, Promise<DraftSession>>()
/** Without the offline database: the chosen files of a session, kept in memory. */
const memoryFiles = new WeakMap<DraftState, Map<string, DraftAttachment>>()
const ready = new Map<string, DraftSession>()
const sessionKey = (institute: string, formId: string) => `${institute}/${formId}`

/** An idempotency key: a UUID, from crypto.randomUUID where the page is a secure context. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const freshState = (now: number): Omit<DraftState, 'volatile'> => ({
  id: newIdempotencyKey(),
  stored: false,
  offer: null,
  ...newDraftData(now),
  updatedAt: now,
  serverErrors: {},
  following: false,
})

async function findDraft(institute: string, formId: string) {
  const records = await offlineDb.drafts
    .where('[institute+formId]')
    .equals([institute, formId])
    .sortBy('updatedAt')
  return records.at(-1)
}

/** The form a saved draft was made from, for opening it without a network. */
export async function savedForm(
  institute: string,
  formId: string,
): Promise<PublicAdmissionForm | undefined> {
  const record = await findDraft(institute, formId).catch(() => undefined)
  return record ? readDraftData(record.data, 0).form : undefined
}

/** The application as the server answered a submission sent from this device. */
export async function savedApplication(
  institute: string,
  temporaryId: string,
): Promise<PublicApplication | undefined> {
  const records = await offlineDb.drafts
    .filter((d) => d.institute === institute)
    .toArray()
    .catch(() => [] as AdmissionDraft[])
  for (const record of records) {
    const { submission } = readDraftData(record.data, 0)
    if (submission.temporaryId === temporaryId && submission.application) {
      return submission.application
    }
  }
  return undefined
}

/** This device's draft whose submission got that temporaryId. */
async function submittedDraft(temporaryId: string): Promise<AdmissionDraft | undefined> {
  const records = await offlineDb.drafts.toArray().catch(() => [] as AdmissionDraft[])
  return records.find((r) => readDraftData(r.data, 0).submission.temporaryId === temporaryId)
}

/** The phone given on this device's submission with that temporaryId, to confirm uploads. */
export async function savedPhone(temporaryId: string): Promise<string | undefined> {
  const record = await submittedDraft(temporaryId)
  return record ? readDraftData(record.data, 0).fields.phone : undefined
}

/** A file of this device's submission that the server refused, and the file if still kept. */
export interface KeptRefusal {
  kind: string
  result: UploadResult
  file?: DraftAttachment
}

/** The uploads the server refused for this device's submission with that temporaryId. */
export async function keptRefusals(temporaryId: string): Promise<KeptRefusal[]> {
  const record = await submittedDraft(temporaryId)
  if (!record) return []
  const { submission, attachments } = readDraftData(record.data, 0)
  const refused = Object.entries(submission.uploads ?? {}).filter(([, r]) => r.state === 'failed')
  return Promise.all(
    refused.map(async ([kind, result]) => {
      const meta = attachments[kind]
      const file = meta && (await offlineDb.attachments.get(meta.id).catch(() => undefined))
      return { kind, result, ...(file ? { file } : {}) }
    }),
  )
}

/**
 * A refused file of that submission reached the institute after all (from the attachment
 * page): the upload is done, and this device no longer keeps the file.
 */
export async function settleKeptUpload(temporaryId: string, kind: string): Promise<void> {
  const found = await submittedDraft(temporaryId)
  if (!found) return
  await offlineDb.transaction('rw', offlineDb.drafts, offlineDb.attachments, async () => {
    const record = await offlineDb.drafts.get(found.id)
    if (!record) return
    const { submission, attachments } = readDraftData(record.data, record.updatedAt)
    // Only a refused one: a pending upload is still the replay's to send.
    if (submission.uploads?.[kind]?.state !== 'failed') return
    const meta = attachments[kind]
    if (meta) await offlineDb.attachments.delete(meta.id)
    const uploads = { ...submission.uploads, [kind]: { state: 'done' } satisfies UploadResult }
    const data = { ...(record.data as object), submission: { ...submission, uploads } }
    await offlineDb.drafts.put({ ...record, data })
  })
}

/** The draft session of a form: the same one for the whole visit, loaded from the database. */
export function openDraft(
  institute: string,
  formId: string,
  form: PublicAdmissionForm,
): Promise<DraftSession> {
  const key = sessionKey(institute, formId)
  let session = sessions.get(key)
  if (!session) {
    session = createSession(institute, formId, form)
    sessions.set(key, session)
    void session.then((s) => ready.set(key, s))
  }
  // The same promise every time, so a component may `use()` it.
  void session.then((s) => {
    s.form = form
  })
  return session
}

/** The session if it is loaded already (the route's loader opens it before the page renders). */
export const loadedDraft = (institute: string, formId: string) =>
  ready.get(sessionKey(institute, formId))

async function createSession(
  institute: string,
  formId: string,
  form: PublicAdmissionForm,
): Promise<DraftSession> {
  const now = Date.now()
  const state = proxy<DraftState>({ ...freshState(now), volatile: false })
  let muted = false
  /** Assignments that come from the database, not from the applicant: not written back. */
  const quietly = (change: () => void) => {
    muted = true
    try {
      change()
    } finally {
      muted = false
    }
  }
  let lastSubmission = JSON.stringify(state.submission)
  let chain: Promise<void> = Promise.resolve()
  let queued = false
  let dirty = false
  let watching: Subscription | undefined

  const write = async () => {
    queued = false
    dirty = false
    const snap = snapshot(state)
    const now = Date.now()
    await offlineDb.transaction('rw', offlineDb.drafts, async () => {
      const current = await offlineDb.drafts.get(snap.id)
      // What the replay wrote (the submission) stays as it is.
      const base = current ? (current.data as DraftData) : newDraftData(snap.createdAt)
      const data: DraftData = {
        ...base,
        form: session.form,
        fields: snap.fields,
        answers: snap.answers,
        attachments: snap.attachments,
      }
      await offlineDb.drafts.put({ id: snap.id, institute, formId, updatedAt: now, data })
    })
    if (snapshot(state).id === snap.id) {
      state.stored = true
      state.updatedAt = now
    }
  }

  const save = () => {
    dirty = true
    if (queued || state.volatile) return
    queued = true
    chain = chain.then(write).catch((err: unknown) => {
      console.error('the admission draft could not be saved', err)
    })
  }

  const mirror = (record: AdmissionDraft | undefined) => {
    if (!record || record.id !== state.id) return
    const { submission } = readDraftData(record.data, record.updatedAt)
    const json = JSON.stringify(submission)
    if (json === lastSubmission) return
    lastSubmission = json
    quietly(() => {
      state.submission = submission
      state.serverErrors = { ...submission.errors }
    })
  }

  /** The submission follows the database, where the replay writes it. */
  const watch = () => {
    watching?.unsubscribe()
    if (state.volatile) return
    const id = state.id
    watching = liveQuery(() => offlineDb.drafts.get(id)).subscribe({
      next: mirror,
      error: (err: unknown) => console.error('the admission draft could not be read', err),
    })
  }

  const session: DraftSession = {
    institute,
    formId,
    form,
    state,
    saved: async () => {
      if (dirty && !queued) save()
      await chain
    },
    reset() {
      const fresh = freshState(Date.now())
      lastSubmission = JSON.stringify(fresh.submission)
      quietly(() => Object.assign(state, fresh))
      memoryFiles.delete(state)
      dirty = false
      watch()
    },
  }

  try {
    const record = await findDraft(institute, formId)
    if (record) {
      const data = readDraftData(record.data, record.updatedAt)
      lastSubmission = JSON.stringify(data.submission)
      quietly(() => {
        Object.assign(state, {
          id: record.id,
          stored: true,
          fields: data.fields,
          answers: data.answers,
          attachments: data.attachments,
          idempotencyKey: data.idempotencyKey,
          submission: data.submission,
          createdAt: data.createdAt,
          updatedAt: record.updatedAt,
          serverErrors: { ...data.submission.errors },
          offer:
            data.submission.state === 'editing' && hasContent(data)
              ? { updatedAt: record.updatedAt }
              : null,
          // Queued by an earlier visit: this page shows it through to the end.
          following: isInFlight(data.submission),
        })
      })
    }
  } catch (err) {
    console.error('the offline database is not available', err)
    state.volatile = true
  }

  // Snapshots share what did not change: a new fields, answers or attachments snapshot is a
  // change of the applicant's (valtio's ops are off by default, so they are not used).
  const owned = () => {
    const snap = snapshot(state)
    return [snap.fields, snap.answers, snap.attachments] as const
  }
  let seen = owned()
  subscribe(
    state,
    () => {
      const now = owned()
      const changed = now.some((part, i) => part !== seen[i])
      seen = now
      if (changed && !muted) save()
    },
    true,
  )
  const flush = () => {
    if (dirty && !queued) save()
  }
  window.addEventListener('pagehide', flush)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
  watch()
  if (isInFlight(state.submission)) sendQueued()
  return session
}

/** "Continue": the offered draft is the one being edited. */
export function continueDraft(session: DraftSession) {
  session.state.offer = null
}

/** "Start over": the draft and its files are deleted and an empty one begins. */
export async function startOver(session: DraftSession) {
  const { state } = session
  await session.saved()
  const old = state.id
  if (!state.volatile) {
    await offlineDb.transaction('rw', offlineDb.drafts, offlineDb.attachments, async () => {
      await offlineDb.drafts.delete(old)
      await offlineDb.attachments.where('draftId').equals(old).delete()
    })
  }
  session.reset()
}

export function setField(session: DraftSession, field: StandardField, value: string) {
  session.state.fields[field] = value
  delete session.state.serverErrors[`fields.${field}`]
}

export function setAnswer(session: DraftSession, questionId: string, value: string) {
  session.state.answers[questionId] = value
  delete session.state.serverErrors[`answers.${questionId}`]
}

/**
 * Keeps a chosen file with the draft, after checking it as the server will (type by its first
 * bytes, size by the requirement): the problem, if any, else undefined.
 */
export async function attachFile(
  session: DraftSession,
  requirement: AttachmentRequirement,
  file: File,
): Promise<AttachmentProblem | 'storage' | undefined> {
  const type = sniffType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
  const problem = attachmentProblem(requirement, { type, size: file.size })
  if (problem || !type) return problem ?? 'type'
  const { state } = session
  const id = `${state.id}:${requirement.kind}`
  const kept = { id, draftId: state.id, kind: requirement.kind, name: file.name, type, blob: file }
  if (state.volatile) {
    let files = memoryFiles.get(state)
    if (!files) memoryFiles.set(state, (files = new Map()))
    files.set(id, kept)
  } else {
    try {
      await offlineDb.attachments.put(kept)
    } catch (err) {
      console.error('the file could not be kept on this device', err)
      return 'storage'
    }
  }
  state.attachments[requirement.kind] = {
    id,
    name: file.name,
    type,
    size: file.size,
    addedAt: Date.now(),
  }
  return undefined
}

/** A kept file as an external store for useSyncExternalStore, following the database. */
export function storedFileSource(id: string) {
  let current: DraftAttachment | undefined
  const query = liveQuery(() => offlineDb.attachments.get(id))
  return {
    subscribe(notify: () => void) {
      const subscription = query.subscribe({
        next: (value) => {
          current = value
          notify()
        },
        error: () => notify(),
      })
      return () => subscription.unsubscribe()
    },
    get: () => current,
  }
}

export function removeAttachment(session: DraftSession, kind: string) {
  const meta = session.state.attachments[kind]
  delete session.state.attachments[kind]
  if (!meta) return
  if (session.state.volatile) memoryFiles.get(session.state)?.delete(meta.id)
  else {
    offlineDb.attachments.delete(meta.id).catch((err: unknown) => {
      console.error('the file could not be removed from this device', err)
    })
  }
}

/**
 * Queues the submission: a new idempotency key is stored with the draft and the request put
 * in the outbox in one transaction — before anything is sent — and the replay starts.
 */
export async function submitDraft(session: DraftSession, body: SubmitApplication) {
  const { state, institute, formId } = session
  await session.saved()
  const idempotencyKey = newIdempotencyKey()
  const now = Date.now()
  const snap = snapshot(state)
  const submission: Submission = { state: 'queued', queuedAt: now }
  const job = submissionJob({ draftId: snap.id, institute, formId, idempotencyKey, body, now })
  if (state.volatile) {
    // No offline database (private browsing): sent from this page's memory while it is open.
    const queue = new MemoryOutboxStore((draftId, data) => {
      if (state.id !== draftId) return
      state.submission = data.submission
      state.serverErrors = { ...data.submission.errors }
    })
    queue.drafts.set(snap.id, {
      ...newDraftData(snap.createdAt),
      form: session.form,
      fields: snap.fields,
      answers: snap.answers,
      attachments: snap.attachments,
      idempotencyKey,
      submission,
    })
    queue.outbox.set(job.idempotencyKey, job)
    for (const [id, file] of memoryFiles.get(state) ?? []) queue.files.set(id, file)
    addMemoryQueue(queue)
  } else {
    await offlineDb.transaction('rw', offlineDb.drafts, offlineDb.outbox, async () => {
      const current = await offlineDb.drafts.get(snap.id)
      const base = current ? (current.data as DraftData) : newDraftData(snap.createdAt)
      const data: DraftData = {
        ...base,
        form: session.form,
        fields: snap.fields,
        answers: snap.answers,
        attachments: snap.attachments,
        idempotencyKey,
        submission,
      }
      await offlineDb.drafts.put({
        id: snap.id,
        institute,
        formId,
        updatedAt: current?.updatedAt ?? now,
        data,
      })
      await offlineDb.outbox.add(job)
    })
  }
  Object.assign(state, {
    stored: !state.volatile,
    idempotencyKey,
    submission,
    serverErrors: {},
    following: true,
  })
  sendQueued()
}
