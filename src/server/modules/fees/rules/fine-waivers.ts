import { Hono, type Context } from 'hono'
import {
  FineWaiverRequestSchema,
  type LineFine,
  FineAsOfQuerySchema,
  LineFineSchema,
} from '../../../../shared/schemas/fine-waivers.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound, validationFailed } from '../../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../../lib/idempotency.ts'
import { readJson } from '../../../lib/validate.ts'
import { fineAsOf, insertWaiver, invoiceLineOf, lineFine, waiverOfKey } from './fine-read.ts'
import { pathId } from '../../../lib/ids.ts'
import { instituteToday } from '../../../lib/today.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/*
 * /fees/invoices/:invoiceId/lines/:lineId: a line's fine as of a day (`?asOf=`, else today), and
 * waiving it in part or whole with a reason (permission fine-waiver, audited, Idempotency-Key
 * taken). The fine is a line's figure as of a day, never posted here: collection charges it
 * when it is paid (invoice_lines.fine_minor), and a line's payments stop its lateness.
 */

/** The addressed line of a live invoice of the institute, or 404. */
async function lineOf(c: Context<AppEnv>, db: Db, lock = false) {
  const invoiceId = pathId(c.req.param('invoiceId'), 'invoice_not_found')
  const lineId = pathId(c.req.param('lineId'), 'invoice_line_not_found')
  const row = await invoiceLineOf(db, c.var.auth.instituteId, { invoiceId, lineId }, lock)
  if (!row) throw notFound('invoice_line_not_found')
  return row
}

export const fineWaiverRoutes = new Hono<AppEnv>()
  .get(
    '/:invoiceId/lines/:lineId/fine',
    documented({ answers: LineFineSchema, query: FineAsOfQuerySchema }),
  )
  .get(
    '/:invoiceId/lines/:lineId/fine',
    requireAuth(),
    requirePermission('read', 'group-invoice'),
    async (c) => {
      const { db } = c.var.database
      const instituteId = c.var.auth.instituteId
      const asOf = await fineAsOf(c, db)
      const found = await lineOf(c, db)
      return c.json<LineFine>(await lineFine(db, instituteId, found, asOf))
    },
  )

  .post(
    '/:invoiceId/lines/:lineId/fine-waivers',
    documented({
      answers: LineFineSchema,
      body: FineWaiverRequestSchema,
      idempotencyKey: 'optional',
      status: [201, 200],
    }),
  )

  .post(
    '/:invoiceId/lines/:lineId/fine-waivers',
    requireAuth(),
    requirePermission('create', 'fine-waiver'),
    async (c) => {
      const { database, auth } = c.var
      await lineOf(c, database.db)
      const body = await readJson(c, FineWaiverRequestSchema)
      const key = idempotencyKey(c, { required: false })
      const fingerprint = fingerprintOf({ ...body, line: c.req.param('lineId') })
      const { replayed } = await withIdempotency(
        {
          key,
          fingerprint,
          subject: 'fine_waiver',
          find: (key) => waiverOfKey(database.db, auth.instituteId, key),
        },
        () =>
          database.db.transaction(async (tx) => {
            // Waivers of one line take turns: two at once never waive more than the fine.
            const found = await lineOf(c, tx, true)
            const today = await instituteToday(tx, auth.instituteId)
            const before = await lineFine(tx, auth.instituteId, found, today)
            // What was paid of the fine at the counter is income already: only the rest goes.
            const open = Math.max(0, before.chargedMinor - found.line.fineMinor)
            if (open === 0) {
              throw validationFailed({ amountMinor: 'fine_waiver_no_fine' })
            }
            const amount = body.amountMinor ?? open
            if (amount > open) {
              throw validationFailed({
                amountMinor: { code: 'fine_waiver_over_fine', values: { max: open } },
              })
            }
            const waiverId = await insertWaiver(tx, {
              instituteId: auth.instituteId,
              invoiceLineId: found.line.id,
              waivedOn: today,
              amountMinor: amount,
              reason: body.reason,
              idempotencyKey: key,
              payloadHash: key ? fingerprint : null,
              createdBy: auth.user.id,
            })
            await audit(c, tx, {
              area: 'fees',
              action: 'waive_fine',
              entity: 'invoice',
              entityId: found.invoice.id,
              before: { lineId: found.line.id, fineMinor: before.chargedMinor },
              after: {
                lineId: found.line.id,
                waiverId,
                amountMinor: amount,
                reason: body.reason,
              },
            })
            return found.line.id
          }),
      )
      const { db } = database
      const found = await lineOf(c, db)
      const fine = await lineFine(
        db,
        auth.instituteId,
        found,
        await instituteToday(db, auth.instituteId),
      )
      return c.json<LineFine>(fine, replayed ? 200 : 201)
    },
  )
