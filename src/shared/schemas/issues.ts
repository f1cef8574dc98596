import * as v from 'valibot'

/** What a validation error says about a value that is not there at all. */
export const requiredMessage = 'This field is required.'

/**
 * Field → messages, from valibot issues; the dotted path names the field ('lines.0.amount').
 * The server answers a 422 with it, and forms show the same words before anything is sent.
 */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '_'
    const missing = issue.received === 'undefined' && issue.kind === 'schema'
    ;(errors[field] ??= []).push(missing ? requiredMessage : issue.message)
  }
  return errors
}
