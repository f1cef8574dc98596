import { Hono } from 'hono'
import {
  InvoicePrintSettingsInputSchema,
  type InvoicePrintSettings,
  InvoicePrintSettingsSchema,
} from '../../../../shared/schemas/invoice-print.ts'
import type { AppEnv } from '../../../app-env.ts'
import { invoicePrintSettings } from '../../../db/schema/fee-printing.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { readJson } from '../../../lib/validate.ts'
import { printSettingsOf } from './invoice-print-read.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/**
 * §2 /invoice-print-settings: how the institute's invoices print (footer, header fields and line
 * columns in order, paper, copies, signature lines, language). One row per institute, the
 * defaults until it is saved; the logo and header come from the institute's settings.
 */
export const invoicePrintSettingsRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: InvoicePrintSettingsSchema }))
  .get('/', requireAuth(), requirePermission('read', 'invoice-print-settings'), async (c) =>
    c.json<InvoicePrintSettings>(await printSettingsOf(c.var.database.db, c.var.auth.instituteId)),
  )
  .put(
    '/',
    documented({ answers: InvoicePrintSettingsSchema, body: InvoicePrintSettingsInputSchema }),
  )
  .put('/', requireAuth(), requirePermission('update', 'invoice-print-settings'), async (c) => {
    const body = await readJson(c, InvoicePrintSettingsInputSchema)
    const { database, auth } = c.var
    const saved = await database.db.transaction(async (tx) => {
      const { institute, saved, ...before } = await printSettingsOf(tx, auth.instituteId, 'update')
      void institute
      const row = { ...body, updatedBy: auth.user.id, updatedAt: new Date() }
      await tx
        .insert(invoicePrintSettings)
        .values({ instituteId: auth.instituteId, ...row })
        .onConflictDoUpdate({ target: invoicePrintSettings.instituteId, set: row })
      await audit(c, tx, {
        area: 'fees',
        action: 'update',
        entity: 'invoice_print_settings',
        entityId: auth.instituteId,
        before: saved ? before : null,
        after: body,
      })
      return printSettingsOf(tx, auth.instituteId)
    })
    return c.json<InvoicePrintSettings>(saved)
  })
