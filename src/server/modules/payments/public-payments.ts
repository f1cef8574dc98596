import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  IntentReferenceSchema,
  OnlineQuoteSchema,
  PaymentOutcomeSchema,
  StartedPaymentSchema,
  StartPaymentSchema,
  type OnlineQuote,
  type PaymentOutcome,
  type StartedPayment,
} from '../../../shared/schemas/payments.ts'
import {
  GuardianAccessSchema,
  GuardianLookupSchema,
  type GuardianAccess,
} from '../../../shared/schemas/student-invoice.ts'
import type { AppEnv } from '../../app-env.ts'
import { paymentIntents } from '../../db/schema/payments.ts'
import { notFound } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey } from '../../lib/idempotency.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { rateLimit, type RateWindow } from '../../lib/rate-limit.ts'
import { parseOrThrow, readJson } from '../../lib/validate.ts'
import { instituteOr404 } from '../admission/public-read.ts'
import { openStatuses, checkAndSettle } from './intent-settle.ts'
import {
  priceApplicantFee,
  priceDues,
  settleEarlierStarts,
  startedUnder,
  startPayment,
} from './intent-start.ts'
import { outcomeOf } from './outcome-read.ts'
import { guardianAccess } from './guardian-access.ts'

/** How many requests one address may make: a payer polls their outcome every few seconds. */
export interface PublicPaymentLimits {
  requests?: RateWindow
  now?: () => number
}

/** The payer's return page asks the gateway about a payment at most this often. */
const recheckAfterMs = 3_000

const TemporaryIdSchema = v.object({
  temporaryId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'application_not_found')),
})

/**
 * What payers use, without an account: the quote for an applicant's fee, starting a payment
 * (Idempotency-Key required: a retry sends them to the same gateway page) and its outcome.
 */
export const publicPaymentRoutes = (limits: PublicPaymentLimits = {}) =>
  new Hono<AppEnv>()
    .use(
      rateLimit({
        name: 'online-payment',
        ...(limits.requests ?? { limit: 120, windowMs: 60_000 }),
        ...(limits.now && { now: limits.now }),
      }),
    )
    .get('/:institute/applications/:temporaryId/quote', documented({ answers: OnlineQuoteSchema }))
    .get('/:institute/applications/:temporaryId/quote', async (c) => {
      const institute = await instituteOr404(c)
      const { temporaryId } = parseOrThrow(TemporaryIdSchema, {
        temporaryId: c.req.param('temporaryId'),
      })
      const priced = await priceApplicantFee(c.var.database.db, institute, temporaryId)
      return c.json<OnlineQuote>(priced.quote)
    })

    .post(
      '/:institute/student-invoices',
      documented({ answers: GuardianAccessSchema, body: GuardianLookupSchema }),
    )
    .post('/:institute/student-invoices', async (c) => {
      const institute = await instituteOr404(c)
      const body = await readJson(c, GuardianLookupSchema)
      c.header('Cache-Control', 'no-store')
      return c.json<GuardianAccess>(await guardianAccess(c, institute, body))
    })

    .post(
      '/:institute/intents',
      documented({
        answers: StartedPaymentSchema,
        body: StartPaymentSchema,
        idempotencyKey: 'required',
        status: [201, 200],
      }),
    )
    .post('/:institute/intents', async (c) => {
      const institute = await instituteOr404(c)
      const body = await readJson(c, StartPaymentSchema)
      const key = idempotencyKey(c, { required: true })
      // A guardian's pass changes each time they enter the details: not part of what is paid.
      const fingerprint = fingerprintOf(
        body.purpose === 'dues'
          ? { purpose: body.purpose, invoiceIds: body.invoiceIds.toSorted() }
          : body,
      )
      // A retry of a start that reached the gateway is that payment, whatever happened since
      // (the lines paid by it, the pass expired).
      const earlier = await startedUnder(c.var.database.db, institute.id, key, fingerprint)
      if (earlier) return c.json<StartedPayment>(earlier, 200)
      const priceIt = () =>
        body.purpose === 'dues'
          ? priceDues(c, institute, body.access, body.invoiceIds)
          : priceApplicantFee(c.var.database.db, institute, body.temporaryId)
      let priced = await priceIt()
      // An earlier start the gateway has settled meanwhile may have paid part of it.
      if (await settleEarlierStarts(c, institute, priced)) priced = await priceIt()
      const started = await startPayment(c, institute, priced, { key, fingerprint })
      return c.json<StartedPayment>(
        { reference: started.reference, redirectUrl: started.redirectUrl },
        started.replayed ? 200 : 201,
      )
    })

    .get('/intents/:reference', documented({ answers: PaymentOutcomeSchema }))
    .get('/intents/:reference', async (c) => {
      const reference = parseOrThrow(IntentReferenceSchema, c.req.param('reference'))
      const { db } = c.var.database
      let [intent] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.reference, reference))
      if (!intent) throw notFound('payment_not_found')
      // Back from the gateway before its notification: the gateway is asked (now and then).
      const checked = intent.checkedAt ?? intent.createdAt
      if (
        openStatuses.includes(intent.status) &&
        Date.now() - checked.getTime() >= recheckAfterMs
      ) {
        intent =
          (await checkAndSettle(
            { db, services: c.var.services, log: c.var.log },
            reference,
            'return',
          )) ?? intent
      }
      c.header('Cache-Control', 'no-store')
      return c.json<PaymentOutcome>(await outcomeOf(db, intent))
    })
