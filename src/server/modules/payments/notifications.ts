import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { gatewayIds } from '../../../shared/schemas/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import { paymentIntents } from '../../db/schema/payments.ts'
import { notFound, refuse } from '../../lib/errors.ts'
import { parseOrThrow } from '../../lib/validate.ts'
import { gatewayAdapter } from './gateways/registry.ts'
import { checkAndSettle } from './intent-settle.ts'
import { merchantCredentials } from './merchant-read.ts'

/*
 * Gateways' server-to-server notifications (SSLCommerz's IPN): the signature is checked with
 * the intent's merchant's secret, then the gateway's status API is asked — the notification
 * only says "look now". An unsigned, wrongly signed, unknown or replayed one changes nothing.
 */

const ProviderSchema = v.picklist(gatewayIds, 'not_found')

export const notificationRoutes = new Hono<AppEnv>().post('/:provider', async (c) => {
  const provider = parseOrThrow(ProviderSchema, c.req.param('provider'))
  const gateway = gatewayAdapter(provider)
  const form = new URLSearchParams(
    Object.entries(await c.req.parseBody()).map(([k, x]): [string, string] => [k, String(x)]),
  )
  const { db } = c.var.database
  const { log, services } = c.var
  const reference = gateway.referenceOf(form)
  const [intent] = reference
    ? await db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference))
    : []
  if (!intent || intent.provider !== provider) {
    log.warn('payment notification for no known payment', { provider })
    throw notFound('payment_not_found')
  }
  const merchant = await merchantCredentials(
    db,
    await services.secrets(),
    intent.instituteId,
    intent.merchantId,
  )
  if (!merchant || !gateway.verifySignature(merchant, form)) {
    log.warn('payment notification refused: bad signature', { provider, reference })
    throw refuse(401, 'notification_unverified')
  }
  const settled = await checkAndSettle({ db, services, log }, intent.reference, 'notification')
  return c.json({ reference: intent.reference, status: settled?.status ?? intent.status })
})
