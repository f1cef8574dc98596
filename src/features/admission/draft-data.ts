/**
 * An applicant's admission draft as this device keeps it, and the pure rules around it. No
 * DOM, no Dexie: the service worker's replay reads the same shapes.
 */
import * as v from 'valibot'
import { numberFormat } from '../../shared/intl-formats.ts'
import {
  applicationSchemaFor,
  type PublicApplication,
} from '../../shared/schemas/admission-applications.ts'
import {
  standardFields,
  type AttachmentRequirement,
  type AttachmentType,
  type PublicAdmissionForm,
  type StandardField,
} from '../../shared/schemas/admission-forms.ts'
import { fileRefusalCodes } from '../../shared/file-type.ts'
import type { ErrorDetail } from '../../shared/schemas/api-error.ts'
import { issuesToDetails } from '../../shared/schemas/issues.ts'

/** A file chosen for one of the form's attachments; its bytes are a Blob in `attachments`. */
export interface AttachmentMeta {
  /** Key of the Blob in the offline database. */
  id: string
  name: string
  /** The type read from the file's first bytes. */
  type: AttachmentType
  size: number
  addedAt: number
}

export type SubmissionState = 'editing' | 'queued' | 'sending' | 'waiting' | 'sent'

export interface UploadResult {
  state: 'pending' | 'done' | 'failed'
  /** The server's refusal, or 'missing' when the file was no longer on this device. */
  error?: ErrorDetail | 'missing'
  /** The HTTP status of the refusal. */
  status?: number
}

/**
 * Where the submission is. Written by the replay (page or service worker) once the page has
 * queued it; the page only writes it when it queues a submission.
 */
export interface Submission {
  state: SubmissionState
  /** What a waiting submission waits for: the network, or a server that answered 5xx/429. */
  waitingFor?: 'network' | 'server'
  /** Field path (`fields.phone`, `answers.shift`) → the server's refusal, after a 422. */
  errors?: Record<string, ErrorDetail>
  /** Why the server refused the whole submission (409, 400, 404): its code, values and text. */
  refusal?: { status: number; code?: string; values?: ErrorDetail['values']; message?: string }
  /** Set once the server took the application: the key to it. */
  temporaryId?: string
  /** The application as the server answered it (§3 "online admission state"). */
  application?: PublicApplication
  /** One per attached file, once the application exists. */
  uploads?: Record<string, UploadResult>
  queuedAt?: number
  sentAt?: number
  lastAttemptAt?: number
}

/** The `data` of a draft record in the offline database. */
export interface DraftData {
  /** The form as it was when the draft was last saved, so the draft opens offline. */
  form?: PublicAdmissionForm
  fields: Record<StandardField, string>
  answers: Record<string, string>
  attachments: Record<string, AttachmentMeta>
  /** Created and stored before the first send; every retry of that submission reuses it. */
  idempotencyKey: string | null
  submission: Submission
  createdAt: number
}

export const emptyFields = (): Record<StandardField, string> =>
  Object.fromEntries(standardFields.map((f) => [f, ''])) as Record<StandardField, string>

export const newDraftData = (now: number): DraftData => ({
  fields: emptyFields(),
  answers: {},
  attachments: {},
  idempotencyKey: null,
  submission: { state: 'editing' },
  createdAt: now,
})

const StoredDraftSchema = v.object({
  form: v.optional(v.any()),
  fields: v.optional(v.record(v.string(), v.string()), {}),
  answers: v.optional(v.record(v.string(), v.string()), {}),
  attachments: v.optional(v.record(v.string(), v.any()), {}),
  idempotencyKey: v.optional(v.nullable(v.string()), null),
  submission: v.optional(v.looseObject({ state: v.string() }), { state: 'editing' }),
  createdAt: v.optional(v.number(), 0),
})

/** A stored draft's data, tolerant of anything an older release or a broken write left. */
export function readDraftData(data: unknown, now: number): DraftData {
  const parsed = v.safeParse(StoredDraftSchema, data)
  if (!parsed.success) return newDraftData(now)
  const stored = parsed.output
  const states: SubmissionState[] = ['editing', 'queued', 'sending', 'waiting', 'sent']
  const submission = stored.submission as unknown as Submission
  return {
    form: stored.form as PublicAdmissionForm | undefined,
    fields: { ...emptyFields(), ...pick(stored.fields, standardFields) },
    answers: stored.answers,
    attachments: stored.attachments as Record<string, AttachmentMeta>,
    idempotencyKey: stored.idempotencyKey,
    submission: states.includes(submission.state) ? submission : { state: 'editing' },
    createdAt: stored.createdAt || now,
  }
}

function pick(record: Record<string, string>, keys: readonly string[]) {
  return Object.fromEntries(Object.entries(record).filter(([k]) => keys.includes(k)))
}

/** Whether the applicant has put anything into the draft. */
export const hasContent = (d: Pick<DraftData, 'fields' | 'answers' | 'attachments'>) =>
  Object.values(d.fields).some((x) => x.trim() !== '') ||
  Object.values(d.answers).some((x) => x.trim() !== '') ||
  Object.keys(d.attachments).length > 0

/** A submission the replay still has to send (or is sending). */
export const isInFlight = (s: Pick<Submission, 'state'>) =>
  s.state === 'queued' || s.state === 'sending' || s.state === 'waiting'

/** The body the form's schema checks: every standard field, and an answer per question. */
function applicationValues(
  form: Pick<PublicAdmissionForm, 'questions'>,
  d: Pick<DraftData, 'fields' | 'answers'>,
) {
  return {
    fields: { ...d.fields },
    answers: Object.fromEntries(form.questions.map((q) => [q.id, d.answers[q.id] ?? ''])),
  }
}

/** Field path → its first refusal, as the server names them. */
function issuesByPath(issues: readonly v.BaseIssue<unknown>[]): Record<string, ErrorDetail> {
  return Object.fromEntries(
    Object.entries(issuesToDetails(issues)).map(([path, details]) => [path, details[0]!]),
  )
}

/** The form's own schema on the draft: the body to send, or the messages per field. */
export function validateApplication(
  form: Pick<PublicAdmissionForm, 'questions' | 'requiredFields'>,
  d: Pick<DraftData, 'fields' | 'answers'>,
):
  | { ok: true; body: v.InferOutput<ReturnType<typeof applicationSchemaFor>> }
  | { ok: false; errors: Record<string, ErrorDetail> } {
  const result = v.safeParse(applicationSchemaFor(form), applicationValues(form, d))
  return result.success
    ? { ok: true, body: result.output }
    : { ok: false, errors: issuesByPath(result.issues) }
}

export type AttachmentProblem = 'missing' | 'type' | 'size' | 'empty'

/** What is wrong with a file for a requirement, judged by its sniffed type and its size. */
export function attachmentProblem(
  requirement: Pick<AttachmentRequirement, 'types' | 'maxBytes'>,
  file: { type: AttachmentType | undefined; size: number },
): AttachmentProblem | undefined {
  if (file.size === 0) return 'empty'
  if (!file.type || !requirement.types.includes(file.type)) return 'type'
  if (file.size > requirement.maxBytes) return 'size'
  return undefined
}

/* The server's refusals of a file that the device checks too. */
const fileRefusals: Record<string, AttachmentProblem> = {
  file_type: 'type',
  file_too_large: 'size',
  file_empty: 'empty',
}

const refusalCode = (result: Pick<UploadResult, 'error'>) =>
  typeof result.error === 'object' ? result.error.code : undefined

/**
 * What was wrong with the file itself when the server refused its upload (sending the same file
 * again would be refused again); undefined when the refusal was about something else.
 */
export function refusalProblem(
  result: Pick<UploadResult, 'error' | 'status'>,
): AttachmentProblem | undefined {
  if (result.status === 413) return 'size'
  const code = refusalCode(result)
  return code ? fileRefusals[code] : undefined
}

const contentRefusals = new Set<string>(fileRefusalCodes)

/**
 * Whether the server refused the file itself, by its type, size or content: sending the same
 * file again would be refused again, so the applicant is not offered to.
 */
export function refusedForItself(result: Pick<UploadResult, 'error' | 'status'>): boolean {
  return refusalProblem(result) !== undefined || contentRefusals.has(refusalCode(result) ?? '')
}

/** Required attachments without a file: kind → 'missing'. */
export function missingAttachments(
  requirements: readonly Pick<AttachmentRequirement, 'kind' | 'required'>[],
  attached: Record<string, unknown>,
): Record<string, AttachmentProblem> {
  return Object.fromEntries(
    requirements.filter((r) => r.required && !attached[r.kind]).map((r) => [r.kind, 'missing']),
  )
}

const extensions: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}

/**
 * A file name the server takes: no path separators, control characters or "..", at most 200
 * characters; a name with nothing left becomes "<kind>.<extension>".
 */
export function safeFileName(name: string, kind: string, type: AttachmentType): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[/\\]/g, '_')
    .replace(/\p{Cc}/gu, '')
    // Invisible characters (the server drops them too) could otherwise sit between two dots.
    .replace(/\p{Cf}/gu, '')
    .replace(/\.{2,}/g, '.')
    .trim()
  const fallback = `${kind}.${extensions[type]}`
  if (!cleaned || cleaned === '.') return fallback
  if (cleaned.length <= 200) return cleaned
  const dot = cleaned.lastIndexOf('.')
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : ''
  // Cut just after a dot, the name would meet the extension's dot: '..' is refused.
  return cleaned.slice(0, 200 - ext.length).replace(/\.$/, '_') + ext
}

/** `1.5 MB`, `300 kB`: a file size in the language's own units. */
export function formatBytes(bytes: number, locale: string): string {
  const mega = bytes >= 1024 * 1024
  return numberFormat(locale, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(mega ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)))
}

/** A date-only value (YYYY-MM-DD) as a local date, so formatting never shifts it a day. */
export function localDate(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}
