import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  CancelPaymentSchema,
  CreatePaymentSchema,
  type Receipt,
} from '../../../shared/schemas/collection.ts'
import type { AppEnv } from '../../app-env.ts'
import { payments } from '../../db/schema/collection.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { readJson } from '../../lib/validate.ts'
import { cancelPayment } from './payment-cancel.ts'
import { takePayment } from './payment-create.ts'
import { findReceipt } from './receipt-read.ts'

async function receiptOr404(c: Context<AppEnv>, id: string | undefined): Promise<Receipt> {
  const found = await findReceipt(c.var.database.db, c.var.auth.instituteId, id)
  if (!found) throw notFound('receipt_not_found')
  return found
}

/**
 * Payments at the counter (permission payment-collection): taking one (Idempotency-Key
 * required: a double click, a retry or a replay gives the same receipt), reading its receipt,
 * and cancelling it with a reason (permission receipt-cancel).
 */
export const paymentRoutes = new Hono<AppEnv>()
  .post('/', requireAuth(), requirePermission('create', 'payment-collection'), async (c) => {
    const body = await readJson(c, CreatePaymentSchema)
    const key = idempotencyKey(c, { required: true })
    const { database, auth } = c.var
    const fingerprint = fingerprintOf(body)
    const { answer: id, replayed } = await withIdempotency(
      {
        key,
        fingerprint,
        subject: 'payment',
        find: async (key) => {
          const [earlier] = await database.db
            .select({ id: payments.id, hash: payments.payloadHash })
            .from(payments)
            .where(
              and(eq(payments.instituteId, auth.instituteId), eq(payments.idempotencyKey, key)),
            )
          return earlier && { fingerprint: earlier.hash, answer: earlier.id }
        },
      },
      () =>
        database.db.transaction(async (tx) => {
          const id = await takePayment(tx, auth.instituteId, body, {
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
    return c.json(await receiptOr404(c, id), replayed ? 200 : 201)
  })

  .get('/:paymentId', requireAuth(), requirePermission('read', 'payment-collection'), async (c) =>
    c.json(await receiptOr404(c, c.req.param('paymentId'))),
  )

  .post(
    '/:paymentId/cancel',
    requireAuth(),
    requirePermission('create', 'receipt-cancel'),
    async (c) => {
      const { reason } = await readJson(c, CancelPaymentSchema)
      const { database, auth } = c.var
      const id = c.req.param('paymentId')
      await database.db.transaction(async (tx) => {
        const { before, number } = await cancelPayment(
          tx,
          auth.instituteId,
          id,
          reason,
          auth.user.id,
        )
        await audit(c, tx, {
          area: 'collection',
          action: 'cancel',
          entity: 'payment',
          entityId: id,
          before: { status: before, number },
          after: { status: 'cancelled', reason },
        })
      })
      return c.json(await receiptOr404(c, id))
    },
  )
