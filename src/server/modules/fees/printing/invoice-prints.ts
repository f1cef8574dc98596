import { Hono } from 'hono'
import {
  InvoicePrintQuerySchema,
  invoicesPerPrint,
  type InvoicePrintRun,
} from '../../../../shared/schemas/invoice-print.ts'
import type { AppEnv } from '../../../app-env.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound } from '../../../lib/errors.ts'
import { parseOrThrow } from '../../../lib/validate.ts'
import { printedInvoices, printSettingsOf } from './invoice-print-read.ts'

/**
 * The invoices to print at once (permission to read invoices, group-invoice): one invoice, or a
 * class's or section's in a session (and period), a page of at most `invoicesPerPrint`, with the
 * print settings they print with.
 */
export const invoicePrintRoutes = new Hono<AppEnv>().get(
  '/',
  requireAuth(),
  requirePermission('read', 'group-invoice'),
  async (c) => {
    const query = parseOrThrow(InvoicePrintQuerySchema, c.req.query())
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
  },
)
