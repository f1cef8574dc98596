/** The applicant's draft of one form as the page edits it (see draft-store.ts). */
import type { PublicAdmissionForm } from '../../shared/schemas/admission-forms.ts'
import type { ErrorDetail } from '../../shared/schemas/api-error.ts'
import { newDraftData, type DraftData } from './draft-data.ts'

/** The draft as stored (draft-data.ts), with what the page keeps while it edits it. */
export interface DraftState extends Omit<DraftData, 'form'> {
  /** The draft's key in the offline database; "start over" begins a new one. */
  id: string
  /** Whether the draft is in the database yet: it is written at the applicant's first change. */
  stored: boolean
  /** An unsent draft found when the page opened, offered back until the applicant chooses. */
  offer: { updatedAt: number } | null
  /** 0 until the persistence has loaded (the first render is the same on server and client). */
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
}

/** An idempotency key: a UUID, from crypto.randomUUID where the page is a secure context. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** An empty draft under a new key, not written until the applicant changes something. */
export const freshState = (now: number): Omit<DraftState, 'volatile'> => ({
  id: newIdempotencyKey(),
  stored: false,
  offer: null,
  ...newDraftData(now),
  updatedAt: now,
  serverErrors: {},
  following: false,
})
