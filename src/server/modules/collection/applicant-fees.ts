import { Hono } from 'hono'
import {
  TakeApplicantFeeSchema,
  type ApplicantFee,
  ApplicantFeeSchema,
} from '../../../shared/schemas/applicant-fees.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import type { AppEnv } from '../../app-env.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { publicUrl } from '../../lib/public-url.ts'
import { readJson } from '../../lib/validate.ts'
import { applicantAtCounter } from './applicant-fee-read.ts'
import { takeApplicantFee } from './applicant-fee-take.ts'
import { paymentByKey } from './payment-create.ts'
import { findReceipt } from './receipt-read.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { ReceiptSchema } from '../../../shared/schemas/collection-receipts.ts'

/**
 * An applicant's application fee at the counter (permission payment-collection): the applicant
 * as the counter shows them, and taking the fee (Idempotency-Key required: a retry gives the
 * same receipt). Its receipt is read, printed and cancelled as any other (payments.ts).
 */
export const applicantFeeRoutes = new Hono<AppEnv>()
  .get('/:applicantId', documented({ answers: ApplicantFeeSchema }))
  .get('/:applicantId', requireAuth(), requirePermission('read', 'payment-collection'), async (c) =>
    c.json<ApplicantFee>(
      await applicantAtCounter(
        c.var.database.db,
        c.var.auth.instituteId,
        c.req.param('applicantId'),
      ),
    ),
  )

  .post(
    '/',
    documented({
      answers: ReceiptSchema,
      body: TakeApplicantFeeSchema,
      idempotencyKey: 'required',
      status: [201, 200],
    }),
  )
  .post('/', requireAuth(), requirePermission('create', 'payment-collection'), async (c) => {
    const body = await readJson(c, TakeApplicantFeeSchema)
    const key = idempotencyKey(c, { required: true })
    const { database, auth } = c.var
    const fingerprint = fingerprintOf(body)
    const { answer: id, replayed } = await withIdempotency(
      {
        key,
        fingerprint,
        subject: 'payment',
        find: paymentByKey(database.db, auth.instituteId),
      },
      () =>
        database.db.transaction(async (tx) => {
          const id = await takeApplicantFee(tx, auth.instituteId, body, {
            collectedBy: auth.user.id,
            idempotencyKey: key,
            payloadHash: fingerprint,
          })
          await audit(c, tx, {
            area: 'collection',
            action: 'collect',
            entity: 'payment',
            entityId: id,
            after: body,
          })
          return id
        }),
    )
    const receipt = await findReceipt(database.db, auth.instituteId, id, (path) =>
      publicUrl(c, path),
    )
    if (!receipt) throw notFound('receipt_not_found')
    return c.json<Receipt>(receipt, replayed ? 200 : 201)
  })
