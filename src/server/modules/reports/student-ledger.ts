import { Hono, type Context } from 'hono'
import {
  ledgerEntryNames,
  reportColumns,
  reportSheets,
} from '../../../shared/messages/report-files.ts'
import { fiscalYearStartOf } from '../../../shared/fiscal-year.ts'
import {
  StudentLedgerFileQuerySchema,
  StudentLedgerSchema,
  type StudentLedger,
  type StudentLedgerRow,
} from '../../../shared/schemas/reports.ts'
import {
  StudentLedgerQuerySchema,
  type StudentLedgerQuery,
} from '../../../shared/schemas/report-search.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { validationFailed } from '../../lib/errors.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { reportFileRoutes } from '../../lib/report-file-routes.ts'
import { reportFile, type ReportColumn, type ReportFormat } from '../../lib/report-file.ts'
import { instituteToday } from '../../lib/today.ts'
import { readQuery } from '../../lib/validate.ts'
import { coaSettingsOf } from '../accounting/fiscal-year.ts'
import { studentRow } from '../students/student-read.ts'
import { studentOwed } from './due-read.ts'
import { ledgerStudent, studentLedgerRows } from './student-ledger-read.ts'
import { readSnapshot } from '../../db/read-snapshot.ts'

/**
 * The student (of the asker's institute, else 404; of their campuses, else 403) and the
 * period: the fiscal year's start to today in the institute's calendar unless given.
 */
async function readOptions(c: Context<AppEnv>, query: StudentLedgerQuery) {
  const { database, auth } = c.var
  if (!query.studentId) throw validationFailed({ studentId: 'required' })
  const student = await studentRow(database.db, auth.instituteId, query.studentId)
  // A reader limited to campuses reads their campuses' students alone (403 campus_out_of_scope).
  campusScope(auth, student.campusId)
  const today = await instituteToday(database.db, auth.instituteId)
  const { fiscalYearStartMonth } = await coaSettingsOf(database.db, auth.instituteId)
  const to = query.to ?? today
  const from = query.from ?? fiscalYearStartOf(to, fiscalYearStartMonth)
  if (to < from) throw validationFailed({ to: 'end_before_start' })
  return { instituteId: auth.instituteId, studentId: student.id, from, to }
}

type Options = Awaited<ReturnType<typeof readOptions>>

/**
 * The ledger and its check, in one snapshot of the books: the student's closing balance against
 * what the due report counts them owing as of `to`.
 */
const studentLedger = (db: Db, o: Options): Promise<StudentLedger> =>
  db.transaction(async (tx) => {
    const ledger = await studentLedgerRows(tx, o.instituteId, o.studentId, o)
    const owed = await studentOwed(tx, o.instituteId, o.studentId, o.to)
    return {
      student: await ledgerStudent(tx, o.instituteId, o.studentId),
      from: o.from,
      to: o.to,
      ...ledger,
      fineAccruedMinor: owed.fineMinor,
      agreement: {
        reportMinor: ledger.closing.balanceMinor,
        ledgerMinor: owed.principalMinor,
        agrees: ledger.closing.balanceMinor === owed.principalMinor,
      },
    }
  }, readSnapshot)

/** A file's row: the ledger's rows between its opening and closing balances. */
type FileRow = Partial<StudentLedgerRow> & { label?: keyof typeof ledgerEntryNames }

const fileColumns: ReportColumn<FileRow>[] = [
  { heading: reportColumns.date, kind: 'day', value: (r) => r.date ?? null },
  {
    heading: reportColumns.entry,
    kind: 'label',
    value: (r) => ledgerEntryNames[r.label ?? r.kind!],
  },
  { heading: reportColumns.document, kind: 'text', value: (r) => r.documentNumber ?? null },
  { heading: reportColumns.feeHead, kind: 'text', value: (r) => r.feeHeadName ?? null },
  { heading: reportColumns.period, kind: 'text', value: (r) => r.periodName ?? null },
  { heading: reportColumns.debit, kind: 'money', value: (r) => r.debitMinor || null },
  { heading: reportColumns.credit, kind: 'money', value: (r) => r.creditMinor || null },
  { heading: reportColumns.balance, kind: 'money', value: (r) => r.balanceMinor ?? null },
  { heading: reportColumns.advanceMovement, kind: 'money', value: (r) => r.advanceMinor || null },
  {
    heading: reportColumns.advanceBalance,
    kind: 'money',
    value: (r) => r.advanceBalanceMinor ?? null,
  },
  { heading: reportColumns.waived, kind: 'money', value: (r) => r.waivedMinor || null },
]

async function ledgerFile(c: Context<AppEnv>, format: ReportFormat) {
  const options = await readOptions(c, readQuery(c, StudentLedgerFileQuerySchema))
  const ledger = await studentLedger(c.var.database.db, options)
  const balanceRow = (label: 'opening' | 'closing', date: string) => ({
    label,
    date,
    balanceMinor: ledger[label].balanceMinor,
    advanceBalanceMinor: ledger[label].advanceMinor,
  })
  return reportFile(
    c,
    {
      name: `student-ledger-${ledger.student.studentCode}-${options.from}-${options.to}`,
      sheet: reportSheets.studentLedger,
      format,
    },
    fileColumns,
    [
      balanceRow('opening', options.from),
      ...ledger.data,
      { ...balanceRow('closing', options.to), ...ledger.totals },
    ],
  )
}

/** `/api/reports/student-ledger`: one student's ledger for a period (permission `student-ledger`), and its files. */
export const studentLedgerRoutes = new Hono<AppEnv>()
  .get('/', documented({ query: StudentLedgerQuerySchema, answers: StudentLedgerSchema }))
  .get('/', requireAuth(), requirePermission('read', 'student-ledger'), async (c) => {
    const options = await readOptions(c, readQuery(c, StudentLedgerQuerySchema))
    return c.json<StudentLedger>(await studentLedger(c.var.database.db, options))
  })
  .route(
    '/',
    reportFileRoutes(StudentLedgerFileQuerySchema, ['read', 'student-ledger'], ledgerFile),
  )
