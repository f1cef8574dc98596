import { Hono } from 'hono'
import {
  InvoicePrintQuerySchema,
  InvoicePrintRunSchema,
  invoicesPerPrint,
  type InvoicePrintRun,
} from '../../../../shared/schemas/invoice-print.ts'
import type { AppEnv } from '../../../app-env.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound } from '../../../lib/errors.ts'
import { readQuery } from '../../../lib/validate.ts'
import { printedInvoices, printSettingsOf } from './invoice-print-read.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/**
 * The invoices to print at once (permission to read invoices, group-invoice): one invoice, or a
 * class's or section's in a session (and period), a page of at most `invoicesPerPrint`, with the
 * print settings they print with.
 */
export const invoicePrintRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: InvoicePrintRunSchema, query: InvoicePrintQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'group-invoice'), async (c) => {
    const query = readQuery(c, InvoicePrintQuerySchema)
    const { db } = c.var.database
    const instituteId = c.var.auth.instituteId
    const [settings, { data, total }] = await Promise.all([
      printSettingsOf(db, instituteId),
      printedInvoices(db, instituteId, query),
    ])
    if (query.invoiceId && !total) throw notFound('invoice_not_found')
    return c.json<InvoicePrintRun>({
      settings,
      data,
      total,
      page: query.page,
      perPage: invoicesPerPrint,
    })
  })
