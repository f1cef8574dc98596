import type { Context } from 'hono'
import { notices } from '../../../shared/messages/notices.ts'
import type { GuardianAccess, GuardianLookup } from '../../../shared/schemas/student-invoice.ts'
import type { AppEnv } from '../../app-env.ts'
import type { institutes } from '../../db/schema/institutes.ts'
import { refuse, validationFailed } from '../../lib/errors.ts'
import { localeOf, textIn } from '../../lib/messages.ts'
import { issueOtp, newRequesterHandle, requesterHashOf, verifyOtp } from '../../lib/otp.ts'
import { enqueueMessage } from '../../lib/outbox.ts'
import { clientIp } from '../../lib/request-info.ts'
import { familyKeyOf } from '../students/import-rows.ts'
import { gatewayAdapter } from './gateways/registry.ts'
import { activeStudentByCode, openInvoices } from './guardian-dues.ts'
import { campusMerchant, serviceSettings } from './merchant-read.ts'

/** How long a guardian's pass to the invoices lasts. */
const passSeconds = 30 * 60

/**
 * Wrong details for one student, from every address together, before the check refuses for
 * the rest of the window (15 minutes): a date of birth has a few hundred likely values, and
 * fresh addresses are cheap.
 */
const wrongPerStudent = 20

/** A phone's digits that name a line: fewer than this is no phone to match. */
const phoneDigitsMin = 8

/** Where the code went, without giving the number away. */
const masked = (phone: string) => `••• ${phone.replace(/\D/g, '').slice(-3)}`

/**
 * The student invoice page's check: the student ID with the guardian phone (or the date of
 * birth), throttled as sign-in is (progressive delays per student and address, counted before
 * the details are compared) and at most `wrongPerStudent` wrong ones per student from anywhere.
 * A wrong student ID and wrong details are answered and counted alike. Where the institute asks
 * for it, a code goes to the guardian phone first and the same details come back with it.
 * Answers the open invoices and a half-hour pass to pay them.
 */
export async function guardianAccess(
  c: Context<AppEnv>,
  institute: typeof institutes.$inferSelect,
  body: GuardianLookup & { phone: string; dateOfBirth: string; challenge: string; code: string },
): Promise<GuardianAccess> {
  const { services } = c.var
  const { db } = c.var.database
  const address = clientIp(c)
  return services.signIns.admit(address, async () => {
    const account = `guardian:${institute.id}:${body.studentId.toLowerCase()}`
    // Every student ID counts as one that exists: the limits say nothing of which do.
    const attempt = { account, accountExists: true, address, knownDevice: undefined }
    await services.signIns.begin(attempt)
    const student = await activeStudentByCode(db, institute.id, body.studentId)
    const typed = familyKeyOf(body.phone)
    const proved = await services.throttle.guess(
      { [account]: wrongPerStudent },
      () =>
        student !== undefined &&
        (body.phone
          ? typed.length >= phoneDigitsMin && typed === student.familyKey
          : body.dateOfBirth === student.dateOfBirth),
    )
    // A wrong guess stays counted: the next one from here waits longer.
    if (!proved || !student) throw refuse(401, 'guardian_not_matched')

    const dues = await serviceSettings(db, institute.id, 'dues')
    if (dues?.guardianCode) {
      const holder = `student:${institute.id}:${student.id}`
      if ((student.familyKey ?? '').length < phoneDigitsMin) {
        throw refuse(409, 'guardian_phone_missing')
      }
      if (!body.code) {
        const challenge = newRequesterHandle()
        await db.transaction(async (tx) => {
          const code = await issueOtp(tx, {
            holder,
            purpose: 'guardian_access',
            channel: 'sms',
            requesterHash: requesterHashOf(challenge),
          })
          const locale = localeOf(institute.locale)
          await enqueueMessage(tx, {
            instituteId: institute.id,
            channel: 'sms',
            recipient: student.guardianPhone,
            subject: textIn(locale, notices.guardianCodeSubject),
            body: textIn(locale, notices.guardianCodeBody, { code, institute: institute.name }),
          })
        })
        services.outbox.kick()
        await services.signIns.succeeded(attempt)
        return { step: 'code', challenge, sentTo: masked(student.guardianPhone) }
      }
      const checked = await verifyOtp(db, {
        holder,
        purpose: 'guardian_access',
        requesterHash: requesterHashOf(body.challenge),
        code: body.code,
      })
      if (checked.result !== 'ok') {
        const refusal = (
          { wrong: 'otp_wrong', exhausted: 'otp_too_many_wrong', none: 'otp_expired' } as const
        )[checked.result]
        throw validationFailed({ code: refusal })
      }
    }
    await services.signIns.succeeded(attempt)

    const merchant = dues?.enabled
      ? await campusMerchant(db, institute.id, student.campusId, 'dues')
      : undefined
    return {
      step: 'invoices',
      access: await services.tokens.signGuardian(
        { inst: institute.id, stu: student.id },
        passSeconds,
      ),
      student: { name: student.fullName, studentId: student.studentCode },
      currency: institute.currency,
      currencyDigits: institute.currencyDigits,
      invoices: await openInvoices(db, institute.id, student.id),
      online:
        dues && merchant
          ? {
              provider: merchant.provider,
              providerName: gatewayAdapter(merchant.provider).info.name,
              bearer: dues.bearer,
              surchargeFixedMinor: dues.surchargeFixedMinor,
              surchargeBasisPoints: dues.surchargeBasisPoints,
            }
          : null,
    }
  })
}
