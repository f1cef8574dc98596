import * as v from 'valibot'
import { NewPasswordSchema } from '../../../shared/schemas/auth.ts'
import { validationFailed } from '../../lib/errors.ts'
import { issueDetail } from '../../../shared/schemas/issues.ts'

let common: Promise<Set<string>> | undefined

// The list is ranked by how often each password was seen in leaks; the top 1,000 are refused.
// It is loaded on first use: the dictionary package is large and start-up should stay quick.
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).slice(0, 1000)),
  )
  return common
}

/** Length as the shared schema says, and not one of the 1,000 most common passwords. */
export async function assertAcceptablePassword(
  password: string,
  field = 'password',
): Promise<void> {
  const length = v.safeParse(NewPasswordSchema, password)
  if (!length.success) throw validationFailed({ [field]: issueDetail(length.issues[0]) })
  if ((await commonPasswords()).has(password.toLowerCase())) {
    throw validationFailed({ [field]: 'password_too_common' })
  }
}
