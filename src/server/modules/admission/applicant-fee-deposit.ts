import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  ApplicantFeeDepositSchema,
  type BankAccountList,
  BankAccountListSchema,
} from '../../../shared/schemas/applicant-fees.ts'
import type { Applicant } from '../../../shared/schemas/admission-applicants.ts'
import type { AppEnv } from '../../app-env.ts'
import { applicantFeeDeposits } from '../../db/schema/admission.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { readJson } from '../../lib/validate.ts'
import { instituteToday } from '../../lib/today.ts'
import { postVoucher } from '../accounting/posting.ts'
import {
  applicantWithFeeDue,
  assertAdmissionFeeMapped,
  setApplicationFeeStatus,
} from './application-fee-status.ts'
import { bankAccountKeys } from '../accounting/bank-accounts.ts'
import { findApplicant, findApplicantRow } from './applicant-read.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { ApplicantSchema } from '../../../shared/schemas/admission-applicants.ts'

/**
 * An application fee paid elsewhere, recorded from the bank deposit slip on the applicant's page
 * (permission admission-fee; Idempotency-Key required): the slip's date, amount (the fee), bank
 * account and reference. Posts Dr that bank, Cr admission fee income, dated the day it is
 * recorded (the slip's date is in the narration), and the application becomes fee paid.
 */
export const applicantFeeDepositRoutes = new Hono<AppEnv>()
  // The bank accounts a slip may have paid into: the COA mapping's.
  .get('/:applicantId/fee-deposit', documented({ answers: BankAccountListSchema }))
  .get(
    '/:applicantId/fee-deposit',
    requireAuth(),
    requirePermission('create', 'admission-fee'),
    async (c) => {
      const { database, auth } = c.var
      if (!(await findApplicantRow(database.db, auth.instituteId, c.req.param('applicantId')))) {
        throw notFound()
      }
      return c.json<BankAccountList>({
        data: await bankAccountKeys(database.db, auth.instituteId),
      })
    },
  )
  .post(
    '/:applicantId/fee-deposit',
    documented({
      answers: ApplicantSchema,
      body: ApplicantFeeDepositSchema,
      idempotencyKey: 'required',
      status: [201, 200],
    }),
  )
  .post(
    '/:applicantId/fee-deposit',
    requireAuth(),
    requirePermission('create', 'admission-fee'),
    async (c) => {
      const body = await readJson(c, ApplicantFeeDepositSchema)
      const key = idempotencyKey(c, { required: true })
      const { database, auth } = c.var
      const instituteId = auth.instituteId
      const fingerprint = fingerprintOf({ ...body, applicantId: c.req.param('applicantId') })
      const { answer: applicantId, replayed } = await withIdempotency(
        {
          key,
          fingerprint,
          subject: 'payment',
          find: async (key) => {
            const [earlier] = await database.db
              .select({
                id: applicantFeeDeposits.applicantId,
                hash: applicantFeeDeposits.payloadHash,
              })
              .from(applicantFeeDeposits)
              .where(
                and(
                  eq(applicantFeeDeposits.instituteId, instituteId),
                  eq(applicantFeeDeposits.idempotencyKey, key),
                ),
              )
            return earlier && { fingerprint: earlier.hash, answer: earlier.id }
          },
        },
        () =>
          database.db.transaction(async (tx) => {
            const applicant = await applicantWithFeeDue(tx, instituteId, c.req.param('applicantId'))
            const today = await instituteToday(tx, instituteId)
            if (body.paidOn > today) throw validationFailed({ paidOn: 'deposit_date_future' })
            if (body.amountMinor !== applicant.fee) {
              throw validationFailed({
                amountMinor: {
                  code: 'application_fee_amount',
                  values: { feeMinor: applicant.fee },
                },
              })
            }
            if (!(await bankAccountKeys(tx, instituteId)).includes(body.bankAccount)) {
              throw validationFailed({ bankAccount: 'unknown_bank_account' })
            }
            await assertAdmissionFeeMapped(tx, instituteId)
            const memo = `${applicant.shortReference} slip ${body.reference}`
            const voucher = await postVoucher(tx, instituteId, {
              type: 'receipt',
              date: today,
              narration: `Application fee ${applicant.shortReference}: bank deposit slip ${body.reference} of ${body.paidOn}`,
              lines: [
                { purpose: 'bank', key: body.bankAccount, debit: body.amountMinor, memo },
                { purpose: 'admission_fee_income', credit: body.amountMinor, memo },
              ],
              source: 'admission',
              createdBy: auth.user.id,
            })
            await tx.insert(applicantFeeDeposits).values({
              instituteId,
              applicantId: applicant.id,
              ...body,
              voucherId: voucher.id,
              recordedBy: auth.user.id,
              idempotencyKey: key,
              payloadHash: fingerprint,
            })
            await setApplicationFeeStatus(tx, instituteId, applicant.id, 'fee_paid')
            await audit(c, tx, {
              area: 'admission',
              action: 'record_fee',
              entity: 'applicant',
              entityId: applicant.id,
              before: { status: applicant.status },
              after: { status: 'fee_paid', ...body },
            })
            return applicant.id
          }),
      )
      const applicant = await findApplicant(database.db, instituteId, applicantId)
      if (!applicant) throw notFound('applicant_not_found')
      return c.json<Applicant>(applicant, replayed ? 200 : 201)
    },
  )
