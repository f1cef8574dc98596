import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import { InvoiceSchema, StudentInvoicesSchema } from '../../shared/schemas/fees-invoices.ts'

/** Invoices and students' balances: read again after an invoice is made or cancelled. */
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
