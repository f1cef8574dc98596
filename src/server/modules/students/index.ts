import { importMaxBytes } from '../../../shared/schemas/student-imports.ts'
import type { Area } from '../../lib/area.ts'
import { studentExportRoutes } from './export.ts'
import { studentImportJob } from './import-job.ts'
import { studentImportTemplateRoutes } from './import-template.ts'
import { studentImportRoutes } from './imports.ts'
import { promotionJobKind } from './promotion-job.ts'
import { promotionRoutes } from './promotions.ts'
import { studentRoutes } from './students.ts'

export const studentsArea: Area = {
  name: 'students',
  mounts: [
    { path: '/students/promotions', routes: promotionRoutes },
    // Before any `/students/:studentId`, which these fixed paths would otherwise match.
    { path: '/students/imports', routes: studentImportRoutes },
    { path: '/students', routes: studentImportTemplateRoutes },
    { path: '/students', routes: studentExportRoutes },
    { path: '/students', routes: studentRoutes },
  ],
  jobKinds: (jobs) => {
    jobs.register(promotionJobKind)
    jobs.register(studentImportJob)
  },
  bodyLimits: [
    // A student list to import, up to its own limit.
    {
      method: 'POST',
      path: /^\/api\/students\/imports$/,
      maxBytes: importMaxBytes + 64 * 1024,
      code: 'import_file_too_large',
      values: { max: importMaxBytes / 1024 / 1024 },
    },
  ],
  idempotencySubjects: ['student'],
}
