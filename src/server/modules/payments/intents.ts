import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  IntentListQuerySchema,
  IntentListSchema,
  RefundedPaymentSchema,
  RefundInputSchema,
  type IntentRow,
  type RefundedPayment,
} from '../../../shared/schemas/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import { applicants } from '../../db/schema/admission.ts'
import { payments } from '../../db/schema/collection.ts'
import { paymentIntents } from '../../db/schema/payments.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { containing } from '../../lib/like.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { audit } from '../../lib/audit.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { refundIntent } from './intent-refund.ts'

/** The applicant who pays an intent (none for a guardian's dues). */
const payerOfIntent = and(
  eq(applicants.instituteId, paymentIntents.instituteId),
  eq(applicants.id, paymentIntents.applicantId),
)

/**
 * /api/payments/intents (permission fintech): the institute's online payments, newest first,
 * by status — the held ones with why, and each one's history of what the gateway said — so an
 * operator sees what to review, refund or post by hand.
 */
export const intentRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: IntentListSchema, query: IntentListQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'fintech'), async (c) => {
    const query = readQuery(c, IntentListQuerySchema)
    const { db } = c.var.database
    const where: SQL[] = [eq(paymentIntents.instituteId, c.var.auth.instituteId)]
    if (query.status) where.push(eq(paymentIntents.status, query.status))
    if (query.q) {
      const like = containing(query.q)
      where.push(
        or(
          ilike(paymentIntents.reference, like),
          ilike(applicants.applicantName, like),
          ilike(paymentIntents.providerTransactionId, like),
        )!,
      )
    }
    const column = query.sortBy === 'amount' ? paymentIntents.amountMinor : paymentIntents.createdAt
    const order = query.sortBy && !query.sortDesc ? asc(column) : desc(column)
    const rows = await db
      .select({
        intent: paymentIntents,
        payerName: applicants.applicantName,
        receiptNumber: payments.number,
      })
      .from(paymentIntents)
      .leftJoin(applicants, payerOfIntent)
      .leftJoin(
        payments,
        and(
          eq(payments.instituteId, paymentIntents.instituteId),
          eq(payments.id, paymentIntents.paymentId),
        ),
      )
      .where(and(...where))
      .orderBy(order, desc(paymentIntents.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
    const [total] = await db
      .select({ n: count() })
      .from(paymentIntents)
      .leftJoin(applicants, payerOfIntent)
      .where(and(...where))
    const data: IntentRow[] = rows.map(({ intent, payerName, receiptNumber }) => ({
      reference: intent.reference,
      status: intent.status,
      service: intent.service,
      payerName: payerName ?? '',
      amountMinor: intent.amountMinor,
      surchargeMinor: intent.surchargeMinor,
      currency: intent.currency,
      provider: intent.provider,
      providerTransactionId: intent.providerTransactionId,
      heldReason: intent.heldReason,
      receiptNumber,
      createdAt: intent.createdAt.toISOString(),
      updatedAt: intent.updatedAt.toISOString(),
      events: intent.events,
    }))
    return c.json({ data, total: total!.n, page: query.page, perPage: query.perPage })
  })

  .post(
    '/:reference/refund',
    documented({ answers: RefundedPaymentSchema, body: RefundInputSchema }),
  )
  .post(
    '/:reference/refund',
    requireAuth(),
    requirePermission('create', 'payment-refund'),
    async (c) => {
      const { reason } = await readJson(c, RefundInputSchema)
      const { database, auth, services } = c.var
      const reference = c.req.param('reference')
      const after = await refundIntent(
        { db: database.db, services, log: services.log },
        { instituteId: auth.instituteId, reference, reason, by: auth.user.id },
        (tx, before, refunded) =>
          audit(c, tx, {
            area: 'payments',
            action: 'refund',
            entity: 'payment_intent',
            entityId: before.id,
            before: { reference, status: before.status, amountMinor: before.amountMinor },
            after: { status: refunded.status, reason },
          }),
      )
      services.outbox.kick()
      return c.json<RefundedPayment>({ reference, status: after.status })
    },
  )
