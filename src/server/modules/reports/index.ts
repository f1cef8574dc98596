import type { Area } from '../../lib/area.ts'
import { dashboardRoutes } from './dashboard.ts'
import { dueReportRoutes } from './due-report.ts'
import { exportSources, reportExportRoutes } from './exports.ts'
import { reportExportJob } from '../../lib/report-export/job.ts'
import { headLedgerRoutes } from './head-ledger.ts'
import { headLedgerLinesFileRoutes } from './head-ledger-lines-export.ts'
import { headSummariesRoutes } from './head-summaries.ts'
import { paidReportRoutes } from './paid-report.ts'
import { studentLedgerRoutes } from './student-ledger.ts'

/** Reports over the fee chain: read-only, each under its own permission. */
export const reportsArea: Area = {
  name: 'reports',
  mounts: [
    { path: '/reports/due', routes: dueReportRoutes },
    { path: '/reports/paid', routes: paidReportRoutes },
    { path: '/reports/dashboard', routes: dashboardRoutes },
    { path: '/reports/student-ledger', routes: studentLedgerRoutes },
    { path: '/reports/head-ledger', routes: headLedgerRoutes },
    { path: '/reports/head-ledger-lines', routes: headLedgerLinesFileRoutes },
    { path: '/reports/head-summaries', routes: headSummariesRoutes },
    { path: '/reports/exports', routes: reportExportRoutes },
  ],
  jobKinds: (jobs, files) => {
    for (const source of Object.values(exportSources)) jobs.register(reportExportJob(source, files))
  },
}
