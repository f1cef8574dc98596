import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../../lib/read-store.ts'
import { toSearchParams } from '../../../lib/search.ts'
import { InvoiceSchema, StudentInvoicesSchema } from '../../../shared/schemas/fees-invoices.ts'
import { LineFineSchema } from '../../../shared/schemas/fine-waivers.ts'

/** Invoices, their lines' fines and students' balances: read again after any change to one. */
export const invoicesKey = ['fees', 'invoices'] as const

export const invoiceQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: [...invoicesKey, 'one', invoiceId],
    ...storedRead(
      `fees/invoices/${encodeURIComponent(invoiceId)}`,
      InvoiceSchema,
      '/invoices/$invoiceId',
    ),
  })

export const studentInvoicesQuery = (studentId: string) =>
  queryOptions({
    queryKey: [...invoicesKey, 'student', studentId],
    ...storedRead(
      `fees/invoices?${toSearchParams({ studentId })}`,
      StudentInvoicesSchema,
      '/students/$studentId',
    ),
  })

/** A line's fine as of today: what the rules ask, what was waived, what is charged. */
export const lineFineQuery = (invoiceId: string, lineId: string) =>
  queryOptions({
    queryKey: [...invoicesKey, invoiceId, 'lines', lineId, 'fine'],
    ...storedRead(
      `fees/invoices/${invoiceId}/lines/${lineId}/fine`,
      LineFineSchema,
      '/invoices/$invoiceId',
    ),
  })
