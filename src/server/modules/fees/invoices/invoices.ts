import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  CancelInvoiceSchema,
  CreateInvoiceSchema,
  InvoiceListQuerySchema,
  type Invoice,
  type StudentInvoices,
  InvoiceSchema,
  StudentInvoicesSchema,
} from '../../../../shared/schemas/fees-invoices.ts'
import type { AppEnv } from '../../../app-env.ts'
import { invoices } from '../../../db/schema/fee-invoices.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound } from '../../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../../lib/idempotency.ts'
import { readJson, readQuery } from '../../../lib/validate.ts'
import { cancelInvoice } from './invoice-cancel.ts'
import { createInvoice } from './invoice-create.ts'
import { findInvoice, studentInvoices } from './invoice-read.ts'
import { documented } from '../../../lib/openapi/documented.ts'

async function invoiceOr404(c: Context<AppEnv>, id: string): Promise<Invoice> {
  const found = await findInvoice(c.var.database.db, c.var.auth.instituteId, id)
  if (!found) throw notFound('invoice_not_found')
  return found
}

/**
 * Invoices (permission group-invoice, the catalogue's right to invoice students): a student's
 * invoices with their balances, one student's invoice (Idempotency-Key required), reading one
 * with how each figure was computed, and cancelling one by a credit note.
 */
export const invoiceRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: StudentInvoicesSchema, query: InvoiceListQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const { studentId } = readQuery(c, InvoiceListQuerySchema)
    const { database, auth } = c.var
    return c.json<StudentInvoices>(await studentInvoices(database.db, auth.instituteId, studentId))
  })

  .post(
    '/',
    documented({
      answers: InvoiceSchema,
      body: CreateInvoiceSchema,
      idempotencyKey: 'required',
      status: [201, 200],
    }),
  )

  .post('/', requireAuth(), requirePermission('create', 'group-invoice'), async (c) => {
    const body = await readJson(c, CreateInvoiceSchema)
    const key = idempotencyKey(c, { required: true })
    const { database, auth } = c.var
    const fingerprint = fingerprintOf(body)
    const { answer: id, replayed } = await withIdempotency(
      {
        key,
        fingerprint,
        find: async (key) => {
          const [earlier] = await database.db
            .select({ id: invoices.id, hash: invoices.payloadHash })
            .from(invoices)
            .where(
              and(eq(invoices.instituteId, auth.instituteId), eq(invoices.idempotencyKey, key)),
            )
          return earlier && { fingerprint: earlier.hash ?? '', answer: earlier.id }
        },
        subject: 'invoice',
      },
      () =>
        database.db.transaction(async (tx) => {
          const id = await createInvoice(tx, auth.instituteId, body, {
            createdBy: auth.user.id,
            idempotencyKey: key,
            payloadHash: fingerprint,
          })
          await audit(c, tx, {
            area: 'fees',
            action: 'create',
            entity: 'invoice',
            entityId: id,
            after: body,
          })
          return id
        }),
    )
    return c.json(await invoiceOr404(c, id), replayed ? 200 : 201)
  })

  .get('/:invoiceId', documented({ answers: InvoiceSchema }))

  .get('/:invoiceId', requireAuth(), requirePermission('read', 'group-invoice'), async (c) =>
    c.json(await invoiceOr404(c, c.req.param('invoiceId'))),
  )

  .post('/:invoiceId/cancel', documented({ answers: InvoiceSchema, body: CancelInvoiceSchema }))

  .post(
    '/:invoiceId/cancel',
    requireAuth(),
    requirePermission('create', 'group-invoice'),
    async (c) => {
      const original = await invoiceOr404(c, c.req.param('invoiceId'))
      const { reason } = await readJson(c, CancelInvoiceSchema)
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const { creditNoteId, before } = await cancelInvoice(
          tx,
          auth.instituteId,
          original.id,
          reason,
          auth.user.id,
        )
        await audit(c, tx, {
          area: 'fees',
          action: 'cancel',
          entity: 'invoice',
          entityId: original.id,
          before: { status: before },
          after: { status: 'cancelled', reason, creditNoteId },
        })
      })
      return c.json(await invoiceOr404(c, original.id))
    },
  )
