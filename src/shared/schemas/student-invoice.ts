import * as v from 'valibot'
import { minor } from './minor-units.ts'
import { optionalText, text } from './primitives.ts'
import { isoDate } from './dates.ts'
import { chargeBearers, gatewayIds } from './payments.ts'

/*
 * The student invoice page (`/student/invoice`): a guardian, without an account, proves who
 * they are with the student ID and the guardian phone (or the date of birth) — and, where the
 * institute asks, a code sent to that phone — then sees the open invoices and pays online.
 */

/** `POST /api/payments/public/:institute/student-invoices`. */
export const GuardianLookupSchema = v.pipe(
  v.object({
    studentId: text(40, 'student_id_required'),
    /** The guardian phone as the institute has it, written any way (+880 1711…, 01711…). */
    phone: optionalText(40),
    dateOfBirth: v.optional(v.union([v.literal(''), isoDate]), ''),
    /** The second step, where the institute asks for it: the code and whom it was sent to. */
    challenge: optionalText(100),
    code: v.optional(
      v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{6}$/, 'otp_wrong'))]),
      '',
    ),
  }),
  v.forward(
    v.check((b) => b.phone !== '' || b.dateOfBirth !== '', 'guardian_proof_required'),
    ['phone'],
  ),
)
export type GuardianLookup = v.InferInput<typeof GuardianLookupSchema>

/** An open invoice as the guardian sees it: its lines' principal and fine as of today. */
export const GuardianInvoiceSchema = v.object({
  invoiceId: v.string(),
  invoiceNumber: v.string(),
  dueDate: v.string(),
  lines: v.array(
    v.object({
      feeHeadName: v.string(),
      periodName: v.nullable(v.string()),
      dueMinor: minor,
      fineMinor: minor,
    }),
  ),
  totalMinor: minor,
})
export type GuardianInvoice = v.InferOutput<typeof GuardianInvoiceSchema>

export const GuardianAccessSchema = v.variant('step', [
  /** The code was sent: the guardian types it next, with the same details. */
  v.object({ step: v.literal('code'), challenge: v.string(), sentTo: v.string() }),
  v.object({
    step: v.literal('invoices'),
    /** Good for half an hour: names the student to pay for, nothing else. */
    access: v.string(),
    student: v.object({ name: v.string(), studentId: v.string() }),
    currency: v.string(),
    /** The minor-unit digits the institute keeps amounts in. */
    currencyDigits: v.number(),
    invoices: v.array(GuardianInvoiceSchema),
    /** How a payment is charged online (null: the institute does not take dues online). */
    online: v.nullable(
      v.object({
        provider: v.picklist(gatewayIds),
        providerName: v.string(),
        bearer: v.picklist(chargeBearers),
        surchargeFixedMinor: minor,
        surchargeBasisPoints: minor,
      }),
    ),
  }),
])
export type GuardianAccess = v.InferOutput<typeof GuardianAccessSchema>

/** A search parameter the router may have read as a number (a student ID of digits). */
const searchText = v.pipe(v.union([v.string(), v.number()]), v.transform(String))

/** The page's address: the institute, and the student ID a link may fill in. */
export const StudentInvoiceSearchSchema = v.object({
  institute: v.pipe(searchText, v.nonEmpty()),
  student: v.optional(searchText),
})
