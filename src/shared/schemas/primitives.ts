import * as v from 'valibot'
import type { ErrorCode } from '../errors/catalogue.ts'

/** A record's identifier. */
export const id = v.pipe(v.string(), v.uuid('invalid_id'))

/** Text that must be given: trimmed, refused with `code` when empty. */
export const requiredText = (code: ErrorCode) => v.pipe(v.string(), v.trim(), v.nonEmpty(code))

/** Text that must be given, at most `max` characters. */
export const text = (max: number, code: ErrorCode) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(code), v.maxLength(max, 'too_long'))

/** Text that may be left empty, at most `max` characters. */
export const optionalText = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, 'too_long')), '')

/** The check that a form's password and its confirmation match, reported on the confirmation. */
export const passwordConfirmed = <
  T extends { password: string; password_confirmation: string },
>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const { password, password_confirmation: confirmation } = dataset.value
    if (password === confirmation) return
    addIssue({
      message: 'password_confirmation',
      path: [
        {
          type: 'object',
          origin: 'value',
          input: dataset.value,
          key: 'password_confirmation',
          value: confirmation,
        },
      ],
    })
  })
