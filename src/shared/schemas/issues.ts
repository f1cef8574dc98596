import * as v from 'valibot'
import type { ErrorCode } from '../errors/catalogue.ts'
import type { ErrorDetail } from './api-error.ts'

/** What a check without a code of its own refused, by valibot's issue type. */
const codeByType: Record<string, ErrorCode> = {
  max_length: 'too_long',
  min_length: 'too_short',
  max_value: 'too_big',
  min_value: 'too_small',
  email: 'invalid_email',
  uuid: 'invalid_id',
}

/** The name a limit goes by in the messages: `At most {max} characters.` */
const limitByType: Record<string, string> = {
  max_length: 'max',
  max_value: 'max',
  max_size: 'max',
  min_length: 'min',
  min_value: 'min',
  min_size: 'min',
  length: 'length',
}

/**
 * One valibot issue as a refusal: schemas give their checks a code of the catalogue as the
 * message, and a limit (`v.maxLength(120, 'too_long')`) travels as the value the message names.
 */
/**
 * Whether a valibot message is one of our codes: the shared schemas give only catalogue codes
 * (schema-messages.test.ts walks them all), valibot's own messages are English sentences. Told
 * by shape, so the browser needs no copy of the catalogue to check a form.
 */
const isCode = (message: string): message is ErrorCode => /^[a-z][a-z0-9_]*$/.test(message)

export function issueDetail(issue: v.BaseIssue<unknown>): ErrorDetail {
  if (issue.received === 'undefined' && issue.kind === 'schema') return { code: 'required' }
  const code = isCode(issue.message) ? issue.message : (codeByType[issue.type] ?? 'invalid_value')
  const limit = limitByType[issue.type]
  const requirement = (issue as { requirement?: unknown }).requirement
  return limit && typeof requirement === 'number'
    ? { code, values: { [limit]: requirement } }
    : { code }
}

/**
 * Field → refusals, from valibot issues; the dotted path names the field ('lines.0.amount').
 * The server answers a 422 with it, and forms show the same words before anything is sent.
 */
export function issuesToDetails(
  issues: readonly v.BaseIssue<unknown>[],
): Record<string, ErrorDetail[]> {
  const fields: Record<string, ErrorDetail[]> = {}
  for (const issue of issues) (fields[v.getDotPath(issue) ?? '_'] ??= []).push(issueDetail(issue))
  return fields
}
