/**
 * Admission submissions waiting in the offline database, and the replay that sends them: the
 * page runs it (at start, on `online`, after queueing) and so does the service worker (on
 * Background Sync). No DOM and no API client here, only `fetch`, so both can import it.
 *
 * A submission is one POST with its Idempotency-Key (stored before the first send and reused
 * on every retry); once the server has the application, each attached file is its own PUT,
 * itself idempotent. A network failure, a 5xx or a 429 leaves the request queued; any other
 * refusal takes it out of the queue and tells the draft why (a refused file stays on the
 * device: only a successful upload, or starting over, removes it).
 */
import * as v from 'valibot'
import { sniffType } from '../../shared/file-type.ts'
import type { QueuedRequest } from '../../lib/offline-db.ts'
import {
  PublicApplicationSchema,
  type SubmitApplication,
} from '../../shared/schemas/admission-applications.ts'
import { ApiErrorSchema, type ErrorDetail } from '../../shared/schemas/api-error.ts'
import { uploadPath } from './paths.ts'
import { safeFileName, type Submission, type UploadResult } from './draft-data.ts'
import { dexieOutboxStore, isAdmissionJob, type OutboxStore } from './outbox-store.ts'

/** The Background Sync tag the page registers and the service worker answers. */
export const outboxSyncTag = 'admission-outbox'
/** Held while a replay runs, so a tab and the service worker never send at the same time. */
const outboxLockName = 'admission-outbox'

const submitTimeoutMs = 30_000
const uploadTimeoutMs = 180_000

/** The institute slug of a submission's path (as `submitPath` wrote it). */
const instituteOf = (path: string) =>
  decodeURIComponent(/^admission\/public\/([^/]+)\//.exec(path)?.[1] ?? '')

export interface ReplayOptions {
  store?: OutboxStore
  fetch?: typeof fetch
  /** Runs the replay exclusively; navigator.locks where there are any. */
  lock?: <T>(run: () => Promise<T>) => Promise<T>
  now?: () => number
  /** Prefix of every path; `/api/` on the app's own origin. */
  apiBase?: string
  /** Whether the browser says it is offline (navigator.onLine). */
  offline?: () => boolean
}

export interface ReplayResult {
  /** Requests still queued. */
  pending: number
  /** What the pending ones wait for. */
  waitingFor?: 'network' | 'server'
}

function navigatorLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? (locks.request(outboxLockName, run) as Promise<T>) : run()
}

/** Sends everything queued, in order, one replay at a time across the tabs and the worker. */
export function replayOutbox(options: ReplayOptions = {}): Promise<ReplayResult> {
  const o: Required<ReplayOptions> = {
    store: options.store ?? dexieOutboxStore,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    lock: options.lock ?? navigatorLock,
    now: options.now ?? Date.now,
    apiBase: options.apiBase ?? '/api/',
    offline:
      options.offline ?? (() => typeof navigator !== 'undefined' && navigator.onLine === false),
  }
  return o.lock(() => drain(o))
}

type Outcome = 'done' | 'refused' | 'network' | 'server'

async function drain(o: Required<ReplayOptions>): Promise<ReplayResult> {
  const tried = new Set<string>()
  // Drafts whose request the server could not take now: their later requests wait too.
  const held = new Set<string>()
  let waitingFor: ReplayResult['waitingFor']
  for (;;) {
    const job = (await o.store.jobs()).find(
      (j) => isAdmissionJob(j) && !tried.has(j.idempotencyKey) && !held.has(j.draftId ?? ''),
    )
    if (!job) break
    tried.add(job.idempotencyKey)
    // The browser knows it has no network: no request would go.
    if (o.offline()) {
      await retryLater(job, 'network', o)
      waitingFor = 'network'
      break
    }
    const outcome =
      job.kind === 'admission-submit' ? await sendSubmission(job, o) : await sendUpload(job, o)
    if (outcome === 'network') {
      // Without a network nothing else would go either.
      waitingFor = 'network'
      break
    }
    if (outcome === 'server') {
      waitingFor ??= 'server'
      held.add(job.draftId ?? '')
    }
  }
  const left = (await o.store.jobs()).filter(isAdmissionJob)
  if (left.length === 0) return { pending: 0 }
  const reason = waitingFor ?? 'server'
  for (const draftId of new Set(left.map((j) => j.draftId))) {
    await o.store.apply({
      draftId,
      submission: (s) =>
        s.state === 'editing' || s.state === 'sent'
          ? s
          : { ...s, state: 'waiting', waitingFor: reason },
    })
  }
  return { pending: left.length, waitingFor: reason }
}

/** A copy of an object without some of its keys. */
function without<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...value }
  for (const key of keys) delete copy[key]
  return copy
}

const retryable = (status: number) => status >= 500 || status === 429 || status === 408

async function errorBody(response: Response) {
  const parsed = v.safeParse(ApiErrorSchema, await response.json().catch(() => undefined))
  return parsed.success ? parsed.output : undefined
}

async function retryLater(
  job: QueuedRequest,
  reason: 'network' | 'server',
  o: Required<ReplayOptions>,
): Promise<Outcome> {
  await o.store.apply({
    draftId: job.draftId,
    putJob: { ...job, attempts: (job.attempts ?? 0) + 1 },
    submission: (s) => ({ ...s, state: 'waiting', waitingFor: reason }),
  })
  return reason
}

async function markSending(job: QueuedRequest, o: Required<ReplayOptions>) {
  await o.store.apply({
    draftId: job.draftId,
    submission: (s) => ({ ...without(s, 'waitingFor'), state: 'sending', lastAttemptAt: o.now() }),
  })
}

const firstPerField = (fields: Record<string, ErrorDetail[]> | undefined) =>
  Object.fromEntries(
    Object.entries(fields ?? {})
      .filter(([, details]) => details[0])
      .map(([path, details]) => [path, details[0]!]),
  )

async function sendSubmission(job: QueuedRequest, o: Required<ReplayOptions>): Promise<Outcome> {
  await markSending(job, o)
  let response: Response
  try {
    response = await o.fetch(o.apiBase + job.path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': job.idempotencyKey,
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: JSON.stringify(job.body),
      signal: AbortSignal.timeout(submitTimeoutMs),
    })
  } catch {
    return retryLater(job, 'network', o)
  }

  if (response.ok) {
    const answer: unknown = await response.json().catch(() => undefined)
    const parsed = v.safeParse(PublicApplicationSchema, answer)
    const temporaryId = parsed.success
      ? parsed.output.temporaryId
      : (answer as { temporaryId?: unknown } | undefined)?.temporaryId
    // Taken, but the answer is unreadable: the same key brings the same answer again.
    if (typeof temporaryId !== 'string' || !temporaryId) return retryLater(job, 'server', o)
    const draft = job.draftId ? await o.store.draft(job.draftId) : undefined
    const phone = (job.body as SubmitApplication).fields.phone
    const uploads: QueuedRequest[] = Object.entries(draft?.attachments ?? {}).map(
      ([kind, meta], i) => ({
        idempotencyKey: `${job.idempotencyKey}:${kind}`,
        createdAt: o.now() + i,
        method: 'PUT',
        path: uploadPath(instituteOf(job.path), temporaryId, kind),
        body: { confirm: phone },
        kind: 'admission-upload',
        draftId: job.draftId,
        attachmentId: meta.id,
        attachmentKind: kind,
        attempts: 0,
      }),
    )
    const now = o.now()
    await o.store.apply({
      draftId: job.draftId,
      deleteJob: job.idempotencyKey,
      addJobs: uploads,
      submission: (s, left) => {
        return {
          ...without(s, 'errors', 'refusal', 'waitingFor'),
          state: left > 0 ? 'sending' : 'sent',
          temporaryId,
          ...(parsed.success ? { application: parsed.output } : {}),
          uploads: Object.fromEntries(
            uploads.map((u) => [u.attachmentKind!, { state: 'pending' } satisfies UploadResult]),
          ),
          ...(left > 0 ? {} : { sentAt: now }),
        }
      },
    })
    return 'done'
  }

  if (retryable(response.status)) return retryLater(job, 'server', o)
  const error = await errorBody(response)
  await o.store.apply({
    draftId: job.draftId,
    deleteJob: job.idempotencyKey,
    submission: (s) => ({
      state: 'editing',
      ...(s.queuedAt ? { queuedAt: s.queuedAt } : {}),
      ...(response.status === 422 && error?.fields
        ? { errors: firstPerField(error.fields) }
        : {
            refusal: {
              status: response.status,
              ...(error?.code ? { code: error.code } : {}),
              ...(error?.values ? { values: error.values } : {}),
              ...(error?.message ? { message: error.message } : {}),
            },
          }),
    }),
  })
  return 'refused'
}

function withUpload(
  s: Submission,
  kind: string,
  result: UploadResult,
  left: number,
  now: number,
): Submission {
  const next: Submission = { ...s, uploads: { ...s.uploads, [kind]: result } }
  if (left === 0 && s.state !== 'editing') {
    return { ...without(next, 'waitingFor'), state: 'sent', sentAt: now }
  }
  return next
}

async function sendUpload(job: QueuedRequest, o: Required<ReplayOptions>): Promise<Outcome> {
  const kind = job.attachmentKind ?? ''
  const file = job.attachmentId ? await o.store.attachment(job.attachmentId) : undefined
  const finish = (result: UploadResult, deleteAttachment?: string) =>
    o.store.apply({
      draftId: job.draftId,
      deleteJob: job.idempotencyKey,
      deleteAttachment,
      submission: (s, left) => withUpload(s, kind, result, left, o.now()),
    })
  if (!file) {
    await finish({ state: 'failed', error: 'missing' })
    return 'refused'
  }
  await markSending(job, o)
  const head = new Uint8Array(await file.blob.slice(0, 16).arrayBuffer())
  const type = sniffType(head) ?? 'application/pdf'
  const form = new FormData()
  form.append('confirm', String((job.body as { confirm?: unknown }).confirm ?? ''))
  form.append('file', file.blob, safeFileName(file.name, kind, type))
  let response: Response
  try {
    response = await o.fetch(o.apiBase + job.path, {
      method: 'PUT',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: form,
      signal: AbortSignal.timeout(uploadTimeoutMs),
    })
  } catch {
    return retryLater(job, 'network', o)
  }
  if (response.ok) {
    // The file is with the institute now: this device need not keep it.
    await finish({ state: 'done' }, job.attachmentId)
    return 'done'
  }
  if (retryable(response.status)) return retryLater(job, 'server', o)
  const error = await errorBody(response)
  const refusal =
    error?.fields?.file?.[0] ??
    error?.fields?.confirm?.[0] ??
    error?.fields?.kind?.[0] ??
    (error?.code ? { code: error.code, ...(error.values && { values: error.values }) } : undefined)
  // Refused: the file stays on this device, so the applicant can send it again from the
  // attachment page (or choose another); "start over" or a later upload removes it.
  await finish({ state: 'failed', ...(refusal && { error: refusal }), status: response.status })
  return 'refused'
}
