import { Hono } from 'hono'
import * as v from 'valibot'
import {
  VerifyCodeSchema,
  type ReceiptVerification,
} from '../../../shared/schemas/collection-receipts.ts'
import type { AppEnv } from '../../app-env.ts'
import { notFound } from '../../lib/errors.ts'
import { rateLimit, type RateWindow } from '../../lib/rate-limit.ts'
import { parseOrThrow } from '../../lib/validate.ts'
import { receiptByVerifyCode } from './receipt-verify-read.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { ReceiptVerificationSchema } from '../../../shared/schemas/collection-receipts.ts'

/** How many receipts one address may look up: any lookup counts, found or not. */
export interface PublicReceiptLimits {
  lookups?: RateWindow
  now?: () => number
}

/*
 * A person checks the receipts in their hand, one or a few at a time: 30 a minute is room for
 * an office checking a pile, and 10^14 codes leave nothing to guess at that pace.
 */
const defaultLookups: RateWindow = { limit: 30, windowMs: 60_000 }

const CodeParamSchema = v.object({ verifyCode: VerifyCodeSchema })

/**
 * The receipt verification anyone may ask for (`/receipt/verify/<code>`, the QR code on the
 * receipt): the institute, number, day, amount and status of the receipt the code names, and
 * nothing else. A factory, so each app keeps its own limit.
 */
export const publicReceiptRoutes = (limits: PublicReceiptLimits = {}) =>
  new Hono<AppEnv>()
    .use(
      rateLimit({
        name: 'receipt-verify',
        ...(limits.lookups ?? defaultLookups),
        ...(limits.now && { now: limits.now }),
      }),
    )
    .get('/:code', documented({ answers: ReceiptVerificationSchema }))
    .get('/:code', async (c) => {
      const { verifyCode } = parseOrThrow(CodeParamSchema, { verifyCode: c.req.param('code') })
      const receipt = await receiptByVerifyCode(c.var.database.db, verifyCode)
      if (!receipt) throw notFound()
      return c.json<ReceiptVerification>(receipt)
    })
