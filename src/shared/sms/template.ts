/*
 * An SMS template's text: words and `{{variable}}` placeholders, filled per recipient. One
 * reading for the screen (its preview and length) and the server (its checks and each message).
 */

/** What a template may say about its recipient, as `{{name}}`. */
export const templateVariables = [
  'student_name',
  'student_id',
  'class',
  'section',
  'guardian_name',
  'amount_due',
  'due_date',
  'fine',
  'receipt_number',
  'institute_name',
  'invoice_link',
] as const
export type TemplateVariable = (typeof templateVariables)[number]
export type TemplateValues = Partial<Record<TemplateVariable, string>>

const placeholder = /\{\{\s*([^{}\s]*)\s*\}\}/g

const isVariable = (name: string): name is TemplateVariable =>
  (templateVariables as readonly string[]).includes(name)

/** The placeholders of `text` that name no variable, each once, in order. */
export function unknownVariables(text: string): string[] {
  const names = [...text.matchAll(placeholder)].map((m) => m[1]!)
  return [...new Set(names.filter((name) => !isVariable(name)))]
}

/** The variables `text` uses, each once, in order. */
export function usedVariables(text: string): TemplateVariable[] {
  return [...new Set([...text.matchAll(placeholder)].map((m) => m[1]!).filter(isVariable))]
}

/** The text with each variable's value in its place; a variable without one is left empty. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(placeholder, (written, name: string) =>
    isVariable(name) ? (values[name] ?? '') : written,
  )
}

/**
 * Values as long as a real recipient's usually are: a template's length before anyone is
 * chosen (and its check against the longest message allowed) is read with them.
 */
export const sampleValues: Record<TemplateVariable, string> = {
  student_name: 'Nusrat Jahan Chowdhury',
  student_id: '2027-0142',
  class: 'Class Seven',
  section: 'A',
  guardian_name: 'Abdul Karim Chowdhury',
  amount_due: '12,500.00',
  due_date: '10/01/2027',
  fine: '250.00',
  receipt_number: 'R-2027-004512',
  institute_name: 'Demo School and College',
  invoice_link: 'https://school.example/student/invoice?institute=demo-school&student=2027-0142',
}

/** The most parts one message may take: longer ones are refused, never sent. */
export const maxSegments = 10
