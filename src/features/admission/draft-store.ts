/**
 * The applicant's draft of one form: a valtio proxy the inputs write into. This module is what
 * the form renders from, on the server too, and carries no database code: the draft's
 * persistence (src/features/admission/draft-persistence.ts, with Dexie) is loaded after the
 * form is on screen, takes up the draft stored on this device (or offers it back) and saves
 * every change from then on, including what was typed before it arrived. Actions that need the
 * database (files, starting over, submitting) wait for it.
 */
import { proxy } from 'valtio'
import { sniffType } from '../../shared/file-type.ts'
import type { SubmitApplication } from '../../shared/schemas/admission-applications.ts'
import type {
  AttachmentRequirement,
  PublicAdmissionForm,
  StandardField,
} from '../../shared/schemas/admission-forms.ts'
import type { DraftAttachment } from '../../lib/offline-db.ts'
import { attachmentProblem, type AttachmentProblem } from './draft-data.ts'
import type { DraftPersistence } from './draft-persistence.ts'
import { freshState, type DraftSession, type DraftState } from './draft-state.ts'

const sessions = new Map<string, DraftSession>()
const persistences = new WeakMap<DraftSession, Promise<DraftPersistence>>()

/**
 * The draft session of a form, at once and without the database: the same one for the whole
 * visit in the browser, a new one per render on the server (nothing of one visitor may reach
 * another).
 */
export function draftSession(
  institute: string,
  formId: string,
  form: PublicAdmissionForm,
): DraftSession {
  const create = (): DraftSession => ({
    institute,
    formId,
    form,
    state: proxy<DraftState>({ ...freshState(0), volatile: false }),
  })
  if (typeof window === 'undefined') return create()
  const key = `${institute}/${formId}`
  let session = sessions.get(key)
  if (!session) sessions.set(key, (session = create()))
  session.form = form
  return session
}

/** The session's persistence: loaded (once) after the form is up, or by the first action needing it. */
export function persistence(session: DraftSession): Promise<DraftPersistence> {
  let loading = persistences.get(session)
  if (!loading) {
    loading = import('./draft-persistence.ts').then((m) => m.persistDraft(session))
    persistences.set(session, loading)
  }
  return loading
}

/** "Continue": the offered draft is the one being edited. */
export async function continueDraft(session: DraftSession) {
  ;(await persistence(session)).continueOffered()
}

/** "Start over": the draft and its files are deleted and an empty one begins. */
export async function startOver(session: DraftSession) {
  await (await persistence(session)).startOver()
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
  const store = await persistence(session)
  const { state } = session
  const id = `${state.id}:${requirement.kind}`
  const refused = await store.keepFile(id, requirement.kind, file, type)
  if (refused) return refused
  state.attachments[requirement.kind] = {
    id,
    name: file.name,
    type,
    size: file.size,
    addedAt: Date.now(),
  }
  return undefined
}

export function removeAttachment(session: DraftSession, kind: string) {
  const meta = session.state.attachments[kind]
  delete session.state.attachments[kind]
  if (!meta) return
  void persistence(session).then((store) => store.forgetFile(meta.id))
}

/**
 * Queues the submission: a new idempotency key is stored with the draft and the request put
 * in the outbox in one transaction — before anything is sent — and the replay starts. Sent
 * before the persistence has loaded, it waits for it.
 */
export async function submitDraft(session: DraftSession, body: SubmitApplication) {
  await (await persistence(session)).submit(body)
}

/** A kept file as an external store for useSyncExternalStore, following the database. */
export function storedFileSource(id: string) {
  let current: DraftAttachment | undefined
  return {
    subscribe(notify: () => void) {
      let stop: (() => void) | undefined
      let ended = false
      void import('./draft-persistence.ts').then((m) => {
        if (ended) return
        stop = m.watchStoredFile(id, (file) => {
          current = file
          notify()
        })
      })
      return () => {
        ended = true
        stop?.()
      }
    },
    get: () => current,
  }
}
