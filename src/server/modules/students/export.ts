import { sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { importColumns, type ImportColumn } from '../../../shared/schemas/student-imports.ts'
import {
  StudentListQuerySchema,
  type StudentListQuery,
} from '../../../shared/schemas/student-search.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { csvFile, spreadsheetResponse, xlsxFile } from '../../lib/spreadsheet-cells.ts'
import { readQuery } from '../../lib/validate.ts'
import { templateHeadings } from './import-columns.ts'
import { enrolmentNames, studentListFilter } from './student-read.ts'
import { listOrder } from './student-search.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * The list's students, found by the list's own filter and search (`q` as a name, a student ID,
 * a guardian phone or a roll) in its order, with their enrolment in the session listed, in the
 * import's columns: an export is a file the import takes back.
 */
async function exportRows(db: Db, instituteId: string, query: StudentListQuery) {
  const { where, enrolled } = await studentListFilter(db, instituteId, query)
  const result = await db.execute(sql`
    select s.student_code as "studentCode", s.full_name as "fullName",
      coalesce(s.date_of_birth::text, '') as "dateOfBirth", s.gender, s.religion,
      s.blood_group as "bloodGroup", s.father_name as "fatherName", s.mother_name as "motherName",
      s.guardian_name as "guardianName", s.guardian_relation as "guardianRelation",
      s.guardian_phone as "guardianPhone", s.guardian_email as "guardianEmail", s.address,
      cp.code as campus, coalesce(se.name, '') as session, coalesce(c.name, '') as class,
      coalesce(g.name, '') as "group", coalesce(sc.name, '') as section,
      coalesce(sh.name, '') as shift, coalesce(e.roll::text, '') as roll
    from students s
      join campuses cp on cp.institute_id = s.institute_id and cp.id = s.campus_id
      ${enrolled}
      ${enrolmentNames}
    where ${where}
    order by ${listOrder(query)}`)
  return (result as unknown as { rows: Record<ImportColumn, string>[] }).rows
}

const headings = importColumns.map((c) => templateHeadings[c])

async function exported(c: Context<AppEnv>, format: 'csv' | 'xlsx') {
  const query = readQuery(c, StudentListQuerySchema)
  const { database, auth } = c.var
  const rows = await exportRows(database.db, auth.instituteId, query)
  await audit(c, database.db, {
    area: 'institutes',
    action: 'export',
    entity: 'student',
    after: {
      format,
      rows: rows.length,
      filters: { ...query, page: undefined, perPage: undefined },
    },
  })
  return rows.map((r) => importColumns.map((col) => r[col]))
}

/** The student list as filtered, as CSV or Excel, in the columns the import takes. */
export const studentExportRoutes = new Hono<AppEnv>()
  .get('/export.csv', documented({ query: StudentListQuerySchema, media: 'text/csv' }))
  .get('/export.csv', requireAuth(), requirePermission('read', 'students'), async (c) =>
    spreadsheetResponse(c, 'students.csv', csvFile([headings, ...(await exported(c, 'csv'))])),
  )
  .get(
    '/export.xlsx',
    documented({
      query: StudentListQuerySchema,
      media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  )
  .get('/export.xlsx', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const rows = await exported(c, 'xlsx')
    return spreadsheetResponse(c, 'students.xlsx', await xlsxFile('Students', [headings, ...rows]))
  })
