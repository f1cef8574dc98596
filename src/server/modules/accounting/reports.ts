import type { MessageDescriptor } from '@lingui/core'
import { Hono, type Context } from 'hono'
import {
  accountTypeNames,
  ledgerRows,
  reportColumns,
  reportSheets,
} from '../../../shared/messages/report-files.ts'
import {
  LedgerFileQuerySchema,
  TrialBalanceFileQuerySchema,
  type Ledger,
  type TrialBalance,
  LedgerSchema,
  TrialBalanceSchema,
} from '../../../shared/schemas/accounting.ts'
import {
  LedgerQuerySchema,
  TrialBalanceQuerySchema,
  type AccountType,
} from '../../../shared/schemas/accounting-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { reportFile, type ReportColumn, type ReportFormat } from '../../lib/report-file.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { readQuery } from '../../lib/validate.ts'
import { directExport } from '../../lib/report-export/direct.ts'
import { ledgerExport } from './ledger-export.ts'
import { readLedger, readTrialBalance } from './ledger-read.ts'

/** A line of a trial balance's file: an account's balance, or the totals row. */
type TrialBalanceFileRow = Omit<TrialBalance['rows'][number], 'name' | 'accountType'> & {
  name: string | MessageDescriptor
  accountType: AccountType | null
}

const trialBalanceColumns: ReportColumn<TrialBalanceFileRow>[] = [
  { heading: reportColumns.glCode, kind: 'text', value: (r) => r.glCode },
  { heading: reportColumns.account, kind: 'text', value: (r) => r.name },
  {
    heading: reportColumns.accountType,
    kind: 'label',
    value: (r) => r.accountType && accountTypeNames[r.accountType],
  },
  // Each balance on its side, the other left blank, as on the screen.
  { heading: reportColumns.debit, kind: 'money', value: (r) => r.debit || null },
  { heading: reportColumns.credit, kind: 'money', value: (r) => r.credit || null },
]

async function trialBalanceFile(c: Context<AppEnv>, format: ReportFormat) {
  const { asOf } = readQuery(c, TrialBalanceFileQuerySchema)
  const tb = await readTrialBalance(c.var.database.db, c.var.auth.instituteId, asOf)
  const totals = {
    accountId: '',
    glCode: '',
    name: ledgerRows.total,
    accountType: null,
    debit: tb.totalDebit,
    credit: tb.totalCredit,
  }
  return reportFile(
    c,
    { name: `trial-balance-${asOf}`, sheet: reportSheets.trialBalance, format },
    trialBalanceColumns,
    [...tb.rows, totals],
  )
}

/** Ledger reads (permission getVouchers): a general ledger and the trial balance, and their files. */
export const reportRoutes = new Hono<AppEnv>()
  .get('/ledger', documented({ answers: LedgerSchema, query: LedgerQuerySchema }))
  .get('/ledger', requireAuth(), requirePermission('read', 'getVouchers'), async (c) => {
    const query = readQuery(c, LedgerQuerySchema)
    return c.json<Ledger>(await readLedger(c.var.database.db, c.var.auth.instituteId, query))
  })
  .route(
    '/ledger',
    reportFileRoutes(LedgerFileQuerySchema, ['read', 'getVouchers'], (c, format) =>
      directExport(c, ledgerExport, format),
    ),
  )
  .get(
    '/trial-balance',
    documented({ answers: TrialBalanceSchema, query: TrialBalanceQuerySchema }),
  )
  .get('/trial-balance', requireAuth(), requirePermission('read', 'getVouchers'), async (c) => {
    const { asOf } = readQuery(c, TrialBalanceQuerySchema)
    return c.json<TrialBalance>(
      await readTrialBalance(c.var.database.db, c.var.auth.instituteId, asOf),
    )
  })
  .route(
    '/trial-balance',
    reportFileRoutes(TrialBalanceFileQuerySchema, ['read', 'getVouchers'], trialBalanceFile),
  )
