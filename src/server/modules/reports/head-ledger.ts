import { Hono, type Context } from 'hono'
import { ledgerRows, reportColumns, reportSheets } from '../../../shared/messages/report-files.ts'
import {
  HeadLedgerFileQuerySchema,
  HeadLedgerLinesSchema,
  HeadLedgerSchema,
  type HeadLedger,
  type HeadLedgerLines,
  type HeadLedgerRow,
} from '../../../shared/schemas/reports.ts'
import {
  HeadLedgerLinesQuerySchema,
  HeadLedgerQuerySchema,
} from '../../../shared/schemas/report-search.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { agreementFor, campusScope } from '../../lib/campus-scope.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { textIn } from '../../lib/messages.ts'
import { documented } from '../../lib/openapi/documented.ts'
import {
  fileLocale,
  reportFile,
  type ReportColumn,
  type ReportFormat,
} from '../../lib/report-file.ts'
import { instituteToday } from '../../lib/today.ts'
import { readQuery } from '../../lib/validate.ts'
import { reportPeriod } from '../../lib/report-period.ts'
import { mappedBalance } from '../accounting/mapped-balance.ts'
import { totalOwed } from './due-days.ts'
import { dueReportPage } from './due-page.ts'
import {
  dayBefore,
  headLedgerRows,
  ledgerTotals,
  movementLines,
  type HeadLedgerOptions,
} from './head-ledger-read.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

/** The period (this month to today unless given), the institute and the reader's campuses. */
export async function periodOptions<Q extends { from?: string; to?: string; campusId?: string }>(
  c: Context<AppEnv>,
  query: Q,
  defaultFrom?: (today: string) => string,
) {
  const { database, auth } = c.var
  const today = await instituteToday(database.db, auth.instituteId)
  return {
    instituteId: auth.instituteId,
    ...reportPeriod(query, today, defaultFrom),
    query,
    scope: campusScope(auth, query.campusId),
  }
}

const figureColumns: [keyof HeadLedgerRow, ReportColumn<HeadLedgerRow>['heading']][] = [
  ['opening', reportColumns.openingDue],
  ['billed', reportColumns.billed],
  ['concessions', reportColumns.concessions],
  ['vat', reportColumns.vatAdded],
  ['cancelledInvoices', reportColumns.cancelledInvoices],
  ['collected', reportColumns.collected],
  ['cancelledReceipts', reportColumns.cancelledReceipts],
  ['closing', reportColumns.closingDue],
  ['fines', reportColumns.finesPaid],
]

const fileColumns: ReportColumn<HeadLedgerRow>[] = [
  { heading: reportColumns.feeHead, kind: 'text', value: (r) => r.feeHeadName },
  ...figureColumns.map(([figure, heading]): ReportColumn<HeadLedgerRow> => ({
    heading,
    kind: 'money',
    value: (r) => r[figure],
  })),
]

/** Each head's figures and their totals, with the agreement of all that is owed with the ledger. */
async function headLedger(db: Db, o: HeadLedgerOptions, totalLabel: string) {
  const data = await headLedgerRows(db, o)
  const reportMinor = await totalOwed(db, o.instituteId, o.to)
  const ledgerMinor = await mappedBalance(db, o.instituteId, 'fee_receivable', o.to)
  return {
    data,
    totals: ledgerTotals(data, totalLabel),
    agreement: agreementFor(o.scope, reportMinor, ledgerMinor),
  }
}

async function ledgerFile(c: Context<AppEnv>, format: ReportFormat) {
  const options = await periodOptions(c, readQuery(c, HeadLedgerFileQuerySchema))
  const total = textIn(fileLocale(c), ledgerRows.total)
  const { data, totals } = await headLedger(c.var.database.db, options, total)
  return reportFile(
    c,
    {
      name: `head-wise-ledger-${options.from}-${options.to}`,
      sheet: reportSheets.headLedger,
      format,
    },
    fileColumns,
    [...data, totals],
  )
}

/**
 * `/api/reports/head-ledger`: per fee head, a period's figures (permission `head-wise-ledger`);
 * `/lines`, the lines one figure of a head is made of; and its files.
 */
export const headLedgerRoutes = new Hono<AppEnv>()
  .get('/', documented({ query: HeadLedgerQuerySchema, answers: HeadLedgerSchema }))
  .get('/', requireAuth(), requirePermission('read', 'head-wise-ledger'), async (c) => {
    const options = await periodOptions(c, readQuery(c, HeadLedgerQuerySchema))
    // One snapshot of the books: what is owed at both ends, the movements between and the ledger.
    const ledger = await c.var.database.db.transaction(
      (tx) => headLedger(tx, options, ''),
      readSnapshot,
    )
    return c.json<HeadLedger>({ from: options.from, to: options.to, ...ledger })
  })
  .get('/lines', documented({ query: HeadLedgerLinesQuerySchema, answers: HeadLedgerLinesSchema }))
  .get('/lines', requireAuth(), requirePermission('read', 'head-wise-ledger'), async (c) => {
    const query = readQuery(c, HeadLedgerLinesQuerySchema)
    const options = await periodOptions(c, query)
    const { figure, page, perPage } = query
    const lines = await c.var.database.db.transaction(async (tx) => {
      if (figure !== 'opening' && figure !== 'closing') {
        return { ...(await movementLines(tx, options, figure, { page, perPage })), asOf: null }
      }
      // What is owed at either end is the due report's lines of the head that day.
      const asOf = figure === 'opening' ? dayBefore(options.from) : options.to
      const due = await dueReportPage(tx, {
        instituteId: options.instituteId,
        asOf,
        query: { ...query, q: '', sortDesc: false },
        withPhones: false,
        scope: options.scope,
      })
      return {
        data: due.data.map((row) => ({
          day: row.dueDate,
          kind: 'invoice' as const,
          documentId: row.invoiceId,
          number: row.invoiceNumber,
          studentCode: row.studentCode,
          fullName: row.fullName,
          className: row.className,
          amountMinor: row.principalMinor,
        })),
        total: due.total,
        totalMinor: due.totals.principalMinor,
        asOf,
      }
    }, readSnapshot)
    return c.json<HeadLedgerLines>({ ...lines, page, perPage })
  })
  .route('/', reportFileRoutes(HeadLedgerFileQuerySchema, ['read', 'head-wise-ledger'], ledgerFile))
