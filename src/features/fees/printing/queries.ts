import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { storedRead } from '../../../lib/read-store.ts'
import { toSearchParams } from '../../../lib/search.ts'
import {
  InvoicePrintQuerySchema,
  InvoicePrintRunSchema,
  InvoicePrintSettingsSchema,
} from '../../../shared/schemas/invoice-print.ts'
import type { InvoicePrintSearch } from '../../../shared/schemas/invoice-print-search.ts'

export const invoicePrintKey = ['fees', 'invoice-print'] as const

export const invoicePrintSettingsQuery = () =>
  queryOptions({
    queryKey: [...invoicePrintKey, 'settings'],
    ...storedRead(
      'fees/invoice-print-settings',
      InvoicePrintSettingsSchema,
      '/invoice-print-settings',
    ),
  })

/** The invoices of a print run with the settings they print with (a scope must be given). */
export const invoicePrintRunQuery = (search: InvoicePrintSearch) =>
  queryOptions({
    queryKey: [...invoicePrintKey, 'run', search],
    ...storedRead(
      `fees/invoice-prints?${toSearchParams(search)}`,
      InvoicePrintRunSchema,
      '/invoice-prints',
    ),
  })

/** Whether the search names what to print: an invoice, or a session and a class or section. */
export const hasPrintScope = (search: InvoicePrintSearch) => v.is(InvoicePrintQuerySchema, search)
