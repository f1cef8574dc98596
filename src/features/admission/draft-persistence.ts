/**
 * Where an applicant's draft is kept: the offline database (Dexie), loaded after the form is on
 * screen (src/features/admission/draft-store.ts imports this module on demand). It opens the
 * draft stored for the form, saves every change (the write starts within a microtask of the
 * keystroke, and again on `pagehide` / `visibilitychange` should anything be unsaved), keeps
 * chosen files as Blobs and queues the submission in the outbox.
 *
 * The page owns the draft's fields, answers and files; the outbox replay (page or service
 * worker) owns its `submission`, which the page mirrors from the database as it changes.
 */
import { liveQuery, type Subscription } from 'dexie'
import { snapshot, subscribe } from 'valtio'
import { offlineDb, type AdmissionDraft, type DraftAttachment } from '../../lib/offline-db.ts'
import type { SubmitApplication } from '../../shared/schemas/admission-applications.ts'
import {
  hasContent,
  isInFlight,
  newDraftData,
  readDraftData,
  type DraftData,
  type Submission,
} from './draft-data.ts'
import { freshState, newIdempotencyKey, type DraftSession, type DraftState } from './draft-state.ts'
import { MemoryOutboxStore, submissionJob } from './outbox-store.ts'
import { addMemoryQueue, sendQueued } from './outbox-triggers.ts'
import { findDraft } from './saved-drafts.ts'

/** What the draft store does with the database once it is loaded; one per draft session. */
export interface DraftPersistence {
  /** Resolves once every change made so far is in the database. */
  saved(): Promise<void>
  /** "Continue": the offered draft becomes the one being edited. */
  continueOffered(): void
  /** "Start over": the offered (or sent) draft and its files go, and an empty one begins. */
  startOver(): Promise<void>
  /** Keeps a chosen file with the draft; 'storage' when this device refuses to keep it. */
  keepFile(id: string, kind: string, file: File, type: string): Promise<'storage' | undefined>
  /** Drops a kept file. */
  forgetFile(id: string): void
  /** Queues the submission (see `submitDraft`). */
  submit(body: SubmitApplication): Promise<void>
}

/** A kept file as the database holds it, to `next` now and on every change; returns a stop. */
export function watchStoredFile(
  id: string,
  next: (file: DraftAttachment | undefined) => void,
): () => void {
  const subscription = liveQuery(() => offlineDb.attachments.get(id)).subscribe({
    next,
    error: () => next(undefined),
  })
  return () => subscription.unsubscribe()
}

/** The state of a stored draft, as the page edits it. */
function storedState(record: AdmissionDraft): Partial<DraftState> {
  const data = readDraftData(record.data, record.updatedAt)
  return {
    id: record.id,
    stored: true,
    offer: null,
    fields: data.fields,
    answers: data.answers,
    attachments: data.attachments,
    idempotencyKey: data.idempotencyKey,
    submission: data.submission,
    createdAt: data.createdAt,
    updatedAt: record.updatedAt,
    serverErrors: { ...data.submission.errors },
    // Queued by an earlier visit: this page shows it through to the end.
    following: isInFlight(data.submission),
  }
}

/**
 * Connects a draft session (rendered already, perhaps typed into) to the database: the draft
 * stored for its form is taken up, or offered back when it is an unsent one and the applicant
 * has not started typing here; what was typed before this loaded is kept and saved now.
 */
export async function persistDraft(session: DraftSession): Promise<DraftPersistence> {
  const { state, institute, formId } = session
  /** Without the offline database: the chosen files of the session, kept in memory. */
  const memoryFiles = new Map<string, DraftAttachment>()
  /** An unsent draft found in the database, offered back and not taken up until "Continue". */
  let offered: AdmissionDraft | undefined
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

  const takeUp = (record: AdmissionDraft) => {
    const next = storedState(record)
    lastSubmission = JSON.stringify(next.submission)
    quietly(() => Object.assign(state, next))
  }

  const reset = () => {
    const fresh = freshState(Date.now())
    lastSubmission = JSON.stringify(fresh.submission)
    quietly(() => Object.assign(state, fresh))
    memoryFiles.clear()
    dirty = false
    watch()
  }

  /** Deletes a draft and its files from the database. */
  const remove = (id: string) =>
    offlineDb.transaction('rw', offlineDb.drafts, offlineDb.attachments, async () => {
      await offlineDb.drafts.delete(id)
      await offlineDb.attachments.where('draftId').equals(id).delete()
    })

  let typedBefore = false
  try {
    const record = await findDraft(institute, formId)
    // What the applicant typed into the page before the database answered is what they edit.
    typedBefore = hasContent(snapshot(state))
    if (record && !typedBefore) {
      const data = readDraftData(record.data, record.updatedAt)
      if (data.submission.state === 'editing' && hasContent(data)) {
        offered = record
        quietly(() => (state.offer = { updatedAt: record.updatedAt }))
      } else takeUp(record)
    }
  } catch (err) {
    console.error('the offline database is not available', err)
    state.volatile = true
  }
  if (!state.createdAt) quietly(() => (state.createdAt = Date.now()))

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
  if (typedBefore) save()
  if (isInFlight(state.submission)) sendQueued()

  const saved = async () => {
    if (dirty && !queued) save()
    await chain
  }

  return {
    saved,
    continueOffered() {
      if (offered) takeUp(offered)
      offered = undefined
      quietly(() => (state.offer = null))
      watch()
    },
    async startOver() {
      await saved()
      const old = offered?.id ?? state.id
      offered = undefined
      if (!state.volatile) await remove(old)
      reset()
    },
    async keepFile(id, kind, file, type) {
      const kept = { id, draftId: state.id, kind, name: file.name, type, blob: file }
      if (state.volatile) {
        memoryFiles.set(id, kept)
        return undefined
      }
      try {
        await offlineDb.attachments.put(kept)
        return undefined
      } catch (err) {
        console.error('the file could not be kept on this device', err)
        return 'storage'
      }
    },
    forgetFile(id) {
      if (state.volatile) memoryFiles.delete(id)
      else {
        offlineDb.attachments.delete(id).catch((err: unknown) => {
          console.error('the file could not be removed from this device', err)
        })
      }
    },
    async submit(body) {
      await saved()
      const idempotencyKey = newIdempotencyKey()
      const now = Date.now()
      const snap = snapshot(state)
      const submission: Submission = { state: 'queued', queuedAt: now }
      const job = submissionJob({ draftId: snap.id, institute, formId, idempotencyKey, body, now })
      const data = (base: DraftData): DraftData => ({
        ...base,
        form: session.form,
        fields: snap.fields,
        answers: snap.answers,
        attachments: snap.attachments,
        idempotencyKey,
        submission,
      })
      if (state.volatile) {
        // No offline database (private browsing): sent from this page's memory while it is open.
        const queue = new MemoryOutboxStore((draftId, next) => {
          if (state.id !== draftId) return
          state.submission = next.submission
          state.serverErrors = { ...next.submission.errors }
        })
        queue.drafts.set(snap.id, data(newDraftData(snap.createdAt)))
        queue.outbox.set(job.idempotencyKey, job)
        for (const [id, file] of memoryFiles) queue.files.set(id, file)
        addMemoryQueue(queue)
      } else {
        await offlineDb.transaction('rw', offlineDb.drafts, offlineDb.outbox, async () => {
          const current = await offlineDb.drafts.get(snap.id)
          await offlineDb.drafts.put({
            id: snap.id,
            institute,
            formId,
            updatedAt: current?.updatedAt ?? now,
            data: data(current ? (current.data as DraftData) : newDraftData(snap.createdAt)),
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
    },
  }
}
