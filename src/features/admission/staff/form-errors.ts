import type { FormDraft } from './form-draft.ts'

/**
 * Of the errors not shown yet, the first whose path is `path` or lies under it: a form's own
 * inputs pick first, then each item and its section take what is left under them.
 */
function picker(errors: Record<string, string>) {
  const used = new Set<string>()
  const pick = (path: string) => {
    for (const [key, message] of Object.entries(errors)) {
      if (used.has(key)) continue
      if (key === path || key.startsWith(`${path}.`)) {
        used.add(key)
        return message
      }
    }
    return undefined
  }
  return { pick, used }
}

/**
 * The errors of one question or attachment: its inputs', and its own (`item`), which also takes
 * any about its key, as no input shows the key.
 */
export type ItemErrors<K extends string> =
  Partial<Record<K | 'item', string | undefined>> | undefined

export type QuestionErrors = ItemErrors<'label' | 'kind' | 'options'>
export type AttachmentErrors = ItemErrors<'label' | 'types' | 'maxBytes'>

/**
 * The form editor's errors (by full field path: `questions.2.options`), each placed under the
 * input it is about; those no input takes are `others`, shown above the buttons.
 */
export function placeErrors(draft: FormDraft, messages: Record<string, string>) {
  const { pick, used } = picker(messages)
  const fields = {
    title: pick('title'),
    academicSessionId: pick('academicSessionId'),
    classId: pick('classId'),
    groupId: pick('groupId'),
    opensOn: pick('opensOn'),
    closesOn: pick('closesOn'),
    fee: pick('fee'),
    requiredFields: pick('requiredFields'),
    instructions: pick('instructions'),
  }
  const questions: QuestionErrors[] = draft.questions.map((_, i) => ({
    label: pick(`questions.${i}.label`),
    kind: pick(`questions.${i}.kind`),
    options: pick(`questions.${i}.options`),
    item: pick(`questions.${i}`),
  }))
  const attachments: AttachmentErrors[] = draft.attachments.map((_, i) => ({
    label: pick(`attachments.${i}.label`),
    types: pick(`attachments.${i}.types`),
    maxBytes: pick(`attachments.${i}.maxBytes`),
    item: pick(`attachments.${i}`),
  }))
  const questionsError = pick('questions')
  const attachmentsError = pick('attachments')
  const others = Object.entries(messages)
    .filter(([key]) => !used.has(key))
    .map(([, message]) => message)
  return { fields, questions, attachments, questionsError, attachmentsError, others }
}
