import { requestErrors } from './request.ts'
import { authErrors } from './auth.ts'
import { accessErrors } from './access.ts'
import { accountingErrors } from './accounting.ts'
import { admissionErrors } from './admission.ts'
import { academicErrors } from './academic.ts'
import { jobErrors } from './jobs.ts'
import { platformErrors } from './platform.ts'
import { instituteErrors } from './institutes.ts'
import { studentErrors } from './students.ts'
import { feeRuleErrors } from './fee-rules.ts'
import { feeSetupErrors } from './fee-setup.ts'
import { feeErrors } from './fees.ts'
import { invoicePrintErrors } from './invoice-print.ts'
import { collectionErrors } from './collection.ts'
import { advanceErrors } from './advances.ts'
import { applicantFeeErrors } from './applicant-fees.ts'
import { paymentErrors } from './payments.ts'
import { smsErrors } from './sms.ts'

/**
 * Every refusal the API gives, by its stable code. The server answers `{ code, values }` (and
 * the English text, rendered from here, for other clients and the logs); the client renders the
 * same descriptor through Lingui in the user's language. Shared schemas name these codes as
 * their valibot messages, so a form says the same words before anything is sent.
 *
 * The descriptors are plain objects marked for extraction (no macro), so the server, which runs
 * without a compile step, reads them too. Placeholders are ICU: `{max}`, and dates as `{from}`.
 */
export const errorMessages = {
  ...requestErrors,
  ...authErrors,
  ...accessErrors,
  ...accountingErrors,
  ...admissionErrors,
  ...jobErrors,
  ...platformErrors,
  ...instituteErrors,
  ...academicErrors,
  ...studentErrors,
  ...feeRuleErrors,
  ...feeSetupErrors,
  ...feeErrors,
  ...invoicePrintErrors,
  ...collectionErrors,
  ...advanceErrors,
  ...applicantFeeErrors,
  ...paymentErrors,
  ...smsErrors,
}

export type ErrorCode = keyof typeof errorMessages

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorMessages, value)
