import {
  alwaysRequiredFields,
  reservedKeys,
  type AdmissionForm,
  type AdmissionFormInput,
  type AttachmentType,
  type QuestionKind,
  type StandardField,
} from '../../../shared/schemas/admission-forms.ts'

/**
 * A question as it is being typed. Its key (`id`, never shown) names its answers: a new
 * question's follows its label; a saved question's stays (`keySaved`), so answers already given
 * stay with it whatever its label becomes.
 */
export interface QuestionDraft {
  uid: string
  id: string
  keySaved: boolean
  label: string
  kind: QuestionKind
  required: boolean
  /** One option per line, for a 'choice'. */
  options: string
}

/**
 * An attachment requirement as it is being typed, its size limit in megabytes; its key (`kind`,
 * never shown) is made like a question's.
 */
export interface AttachmentDraft {
  uid: string
  kind: string
  keySaved: boolean
  label: string
  required: boolean
  types: AttachmentType[]
  maxMb: string
  /** The stored limit in bytes while `maxMb` still shows it, so an edit does not round it. */
  keptBytes: number | undefined
}

export interface FormDraft {
  title: string
  /** Ids from the institute's structure; '' while none is chosen (no group: the whole class). */
  academicSessionId: string
  classId: string
  groupId: string
  opensOn: string
  closesOn: string
  /** The fee as typed, in major units. */
  fee: string
  requiredFields: StandardField[]
  instructions: string
  questions: QuestionDraft[]
  attachments: AttachmentDraft[]
}

const megabyte = 1024 * 1024
const defaultMaxMb = '2'

/**
 * A key (lower-case letters, digits and dashes, at most 40) made from a label, different from
 * the keys already taken and from those the schema reserves: "Blood group" → "blood-group",
 * then "blood-group-2".
 */
export function suggestKey(label: string, taken: readonly string[], fallback: string): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, 34)
      .replace(/-+$/, '') || fallback
  const free = (key: string) => !taken.includes(key) && !reservedKeys.includes(key)
  if (free(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (free(candidate)) return candidate
  }
}

/** Megabytes as shown in the size input: at most three decimals, the user's separator. */
export function bytesToMb(bytes: number, decimal: '.' | ','): string {
  return String(Math.round((bytes / megabyte) * 1000) / 1000).replace('.', decimal)
}

/** Bytes from typed megabytes ("2", "0.5", "0,5"); undefined when it is not a number. */
export function mbToBytes(text: string): number | undefined {
  const plain = text.trim().replace(',', '.')
  if (!/^\d{1,6}(\.\d{0,6})?$|^\.\d{1,6}$/.test(plain)) return undefined
  return Math.round(Number(plain) * megabyte)
}

export const newQuestion = (): QuestionDraft => ({
  uid: crypto.randomUUID(),
  id: '',
  keySaved: false,
  label: '',
  kind: 'text',
  required: false,
  options: '',
})

export const newAttachment = (): AttachmentDraft => ({
  uid: crypto.randomUUID(),
  kind: '',
  keySaved: false,
  label: '',
  required: true,
  types: ['image/jpeg', 'image/png', 'application/pdf'],
  maxMb: defaultMaxMb,
  keptBytes: undefined,
})

/** The same day a month later, or that month's last day (31 January → 28 February). */
export function monthLater(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10)
}

/** The draft of a new form (`form` undefined; open from today for a month) or of an existing one. */
export function toDraft(
  form: AdmissionForm | undefined,
  feeText: (minor: number) => string,
  decimal: '.' | ',',
  today: string,
): FormDraft {
  if (!form) {
    return {
      title: '',
      academicSessionId: '',
      classId: '',
      groupId: '',
      opensOn: today,
      closesOn: monthLater(today),
      fee: '',
      requiredFields: [...alwaysRequiredFields],
      instructions: '',
      questions: [],
      attachments: [],
    }
  }
  return {
    title: form.title,
    academicSessionId: form.academicSessionId,
    classId: form.classId,
    groupId: form.groupId ?? '',
    opensOn: form.opensOn,
    closesOn: form.closesOn,
    fee: form.fee ? feeText(form.fee) : '',
    requiredFields: [...new Set([...alwaysRequiredFields, ...form.requiredFields])],
    instructions: form.instructions,
    // Answers and files are stored under the keys: a saved key stays put.
    questions: form.questions.map((q) => ({
      uid: crypto.randomUUID(),
      id: q.id,
      keySaved: true,
      label: q.label,
      kind: q.kind,
      required: q.required,
      options: q.options.join('\n'),
    })),
    attachments: form.attachments.map((a) => ({
      uid: crypto.randomUUID(),
      kind: a.kind,
      keySaved: true,
      label: a.label,
      required: a.required,
      types: [...a.types],
      maxMb: bytesToMb(a.maxBytes, decimal),
      keptBytes: a.maxBytes,
    })),
  }
}

/**
 * The request body of a draft. The fee and the sizes are parsed by the caller's rules; what
 * does not parse is sent as NaN so the schema refuses it, and is named in `unparsed`.
 */
export function toInput(
  draft: FormDraft,
  parseFee: (text: string) => number | undefined,
): { input: AdmissionFormInput; unparsed: string[] } {
  const unparsed: string[] = []
  const fee = parseFee(draft.fee)
  if (fee === undefined) unparsed.push('fee')
  const input: AdmissionFormInput = {
    title: draft.title,
    academicSessionId: draft.academicSessionId,
    classId: draft.classId,
    groupId: draft.groupId || null,
    opensOn: draft.opensOn,
    closesOn: draft.closesOn,
    fee: fee ?? Number.NaN,
    requiredFields: draft.requiredFields,
    instructions: draft.instructions,
    questions: draft.questions.map((q) => ({
      id: q.id,
      label: q.label,
      kind: q.kind,
      required: q.required,
      options:
        q.kind === 'choice'
          ? q.options
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
    })),
    attachments: draft.attachments.map((a, i) => {
      const bytes = a.keptBytes ?? mbToBytes(a.maxMb)
      if (bytes === undefined) unparsed.push(`attachments.${i}.maxBytes`)
      return {
        kind: a.kind,
        label: a.label,
        required: a.required,
        types: a.types,
        maxBytes: bytes ?? Number.NaN,
      }
    }),
  }
  return { input, unparsed }
}
