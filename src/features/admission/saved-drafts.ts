/**
 * What this device keeps of its drafts and the submissions it sent, read when the network cannot
 * answer (the form, the application) and by the application and attachment pages (the phone,
 * the refused files). Loaded on demand, like the draft's persistence.
 */
import { offlineDb, type AdmissionDraft, type DraftAttachment } from '../../lib/offline-db.ts'
import type { PublicApplication } from '../../shared/schemas/admission-applications.ts'
import type { PublicAdmissionForm } from '../../shared/schemas/admission-forms.ts'
import { readDraftData, type UploadResult } from './draft-data.ts'

/** The draft stored last for that form, if any. */
export async function findDraft(institute: string, formId: string) {
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
