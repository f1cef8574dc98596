import { dictionary } from '@zxcvbn-ts/language-common'
import * as v from 'valibot'
import { NewPasswordSchema } from '../../../shared/schemas/auth.ts'
import { validationFailed } from '../../lib/errors.ts'

// The list is ranked by how often each password was seen in leaks; the top 1,000 are refused.
const common = new Set((dictionary['passwords-common'] as string[]).slice(0, 1000))

/** Length as the shared schema says, and not one of the 1,000 most common passwords. */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  const length = v.safeParse(NewPasswordSchema, password)
  if (!length.success) throw validationFailed({ [field]: [length.issues[0].message] })
  if (common.has(password.toLowerCase())) {
    throw validationFailed({ [field]: ['This password is too common. Choose another one.'] })
  }
}
