import { and, count, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  CancelPaymentSchema,
  CreatePaymentSchema,
} from '../../../shared/schemas/collection-payments.ts'
import type { Receipt, ReceiptPrint } from '../../../shared/schemas/collection-receipts.ts'
import type { AppEnv } from '../../app-env.ts'
import { payments, receiptPrints } from '../../db/schema/collection.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { useGenericPlans } from '../../db/generic-plans.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { readJson } from '../../lib/validate.ts'
import { publicUrl } from '../../lib/public-url.ts'
import { cancelPayment } from './payment-cancel.ts'
import { paymentByKey, takePayment } from './payment-create.ts'
import { findReceipt } from './receipt-read.ts'
import { queueGuardianCancellation, queueGuardianCopy } from './receipt-copy.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { ReceiptSchema, ReceiptPrintSchema } from '../../../shared/schemas/collection-receipts.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { assertStudentInScope } from './family-read.ts'

async function receiptOr404(c: Context<AppEnv>, id: string | undefined): Promise<Receipt> {
  const found = await findReceipt(c.var.database.db, c.var.auth.instituteId, id, (path) =>
    publicUrl(c, path),
  )
  if (!found) throw notFound('receipt_not_found')
  return found
}

/**
 * Payments at the counter (permission payment-collection): taking one (Idempotency-Key
 * required: a double click, a retry or a replay gives the same receipt), reading its receipt,
 * logging each print (the first the original, the others duplicates), and cancelling it with
 * a reason (permission receipt-cancel).
 */
export const paymentRoutes = new Hono<AppEnv>()
  .post(
    '/',
    documented({
      answers: ReceiptSchema,
      body: CreatePaymentSchema,
      idempotencyKey: 'required',
      status: [201, 200],
    }),
  )
  .post('/', requireAuth(), requirePermission('create', 'payment-collection'), async (c) => {
    const body = await readJson(c, CreatePaymentSchema)
    const key = idempotencyKey(c, { required: true })
    const { database, auth } = c.var
    const fingerprint = fingerprintOf(body)
    // The receipt as read in the payment's transaction, for the guardian's copy and the answer.
    let taken: Receipt | undefined
    const { answer: id, replayed } = await withIdempotency(
      {
        key,
        fingerprint,
        subject: 'payment',
        find: paymentByKey(database.db, auth.instituteId),
      },
      () =>
        database.db.transaction(async (tx) => {
          await useGenericPlans(tx)
          await assertStudentInScope(tx, auth.instituteId, body.studentId, campusScope(auth))
          const id = await takePayment(tx, auth.instituteId, body, {
            collectedBy: auth.user.id,
            idempotencyKey: key,
            payloadHash: fingerprint,
          })
          taken = await findReceipt(tx, auth.instituteId, id, (path) => publicUrl(c, path))
          await queueGuardianCopy(tx, auth.instituteId, body.studentId, taken!)
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
    if (!replayed) c.var.services.outbox.kick()
    // A send that lost to its twin (or a replay) answers the twin's receipt, read afresh.
    const receipt = !replayed && taken?.id === id ? taken : await receiptOr404(c, id)
    return c.json(receipt, replayed ? 200 : 201)
  })

  .get('/:paymentId', documented({ answers: ReceiptSchema }))
  .get('/:paymentId', requireAuth(), requirePermission('read', 'payment-collection'), async (c) =>
    c.json(await receiptOr404(c, c.req.param('paymentId'))),
  )

  .post('/:paymentId/prints', documented({ answers: ReceiptPrintSchema, status: 201 }))
  .post(
    '/:paymentId/prints',
    requireAuth(),
    requirePermission('read', 'payment-collection'),
    async (c) => {
      const receipt = await receiptOr404(c, c.req.param('paymentId'))
      const { database, auth } = c.var
      const print = await database.db.transaction(async (tx) => {
        // Prints of one receipt take turns: two at once are never both the original.
        await tx
          .select({ id: payments.id })
          .from(payments)
          .where(rowKey(payments, auth.instituteId, receipt.id))
          .for('no key update')
        const [row] = await tx
          .insert(receiptPrints)
          .values({ instituteId: auth.instituteId, paymentId: receipt.id, printedBy: auth.user.id })
          .returning({ printedAt: receiptPrints.printedAt })
        const [{ copies } = { copies: 0 }] = await tx
          .select({ copies: count() })
          .from(receiptPrints)
          .where(
            and(
              eq(receiptPrints.instituteId, auth.instituteId),
              eq(receiptPrints.paymentId, receipt.id),
            ),
          )
        return { copy: copies, printedAt: row!.printedAt.toISOString() }
      })
      return c.json<ReceiptPrint>(print, 201)
    },
  )

  .post('/:paymentId/cancel', documented({ answers: ReceiptSchema, body: CancelPaymentSchema }))
  .post(
    '/:paymentId/cancel',
    requireAuth(),
    requirePermission('create', 'receipt-cancel'),
    async (c) => {
      const { reason, reversals } = await readJson(c, CancelPaymentSchema)
      const { database, auth } = c.var
      const id = c.req.param('paymentId')
      const receipt = await database.db.transaction(async (tx) => {
        const { before, number } = await cancelPayment(
          tx,
          auth.instituteId,
          id,
          reason,
          auth.user.id,
          reversals,
        )
        const cancelled = await findReceipt(tx, auth.instituteId, id, (path) => publicUrl(c, path))
        // The guardian told of the payment is told of its cancellation.
        await queueGuardianCancellation(tx, auth.instituteId, cancelled!)
        await audit(c, tx, {
          area: 'collection',
          action: 'cancel',
          entity: 'payment',
          entityId: id,
          before: { status: before, number },
          after: { status: 'cancelled', reason, reversals },
        })
        return cancelled!
      })
      c.var.services.outbox.kick()
      return c.json(receipt)
    },
  )
