import { queryOptions } from '@tanstack/react-query'
import { StudentLedgerSchema } from '../shared/schemas/reports.ts'
import type { StudentLedgerQuery } from '../shared/schemas/report-search.ts'
import { storedRead } from './read-store.ts'
import { toSearchParams } from './search.ts'

/*
 * A student's ledger: the report's page reads it, and the student's page shows it compact, so
 * its read lives here. Kept offline per student and period, one copy for both pages.
 */

/** One student's ledger for a period (the fiscal year to today unless given). */
export const studentLedgerQuery = (search: StudentLedgerQuery & { studentId: string }) =>
  queryOptions({
    queryKey: ['reports', 'student-ledger', search],
    ...storedRead(
      `reports/student-ledger?${toSearchParams(search)}`,
      StudentLedgerSchema,
      '/student-ledger',
    ),
  })
