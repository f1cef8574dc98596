import { and, asc, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { importColumns, type ImportColumn } from '../../../shared/schemas/student-imports.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, classes, sections } from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { csvFile, spreadsheetResponse, xlsxFile } from '../../lib/spreadsheet-cells.ts'
import { templateHeadings } from './import-columns.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** An example student placed in the institute's own current session, first class and section. */
async function exampleRow(db: Db, instituteId: string): Promise<Record<ImportColumn, string>> {
  const [session] = await db
    .select()
    .from(academicSessions)
    .where(and(eq(academicSessions.instituteId, instituteId), eq(academicSessions.isCurrent, true)))
  const [klass] = await db
    .select()
    .from(classes)
    .where(eq(classes.instituteId, instituteId))
    .orderBy(asc(classes.position))
    .limit(1)
  const [section] =
    session && klass
      ? await db
          .select()
          .from(sections)
          .where(and(eq(sections.academicSessionId, session.id), eq(sections.classId, klass.id)))
          .orderBy(asc(sections.position))
          .limit(1)
      : []
  const [campus] = await db
    .select()
    .from(campuses)
    .where(eq(campuses.instituteId, instituteId))
    .orderBy(asc(campuses.position))
    .limit(1)
  return {
    studentCode: '',
    fullName: 'Ayesha Rahman',
    dateOfBirth: '2015-03-14',
    gender: 'female',
    religion: '',
    bloodGroup: 'O+',
    fatherName: 'Karim Rahman',
    motherName: 'Nasrin Rahman',
    guardianName: 'Karim Rahman',
    guardianRelation: 'Father',
    // Written as dialled at home: a leading + would be exported with the quote that marks text.
    guardianPhone: '01711000000',
    guardianEmail: '',
    address: '',
    campus: campus?.code ?? '',
    session: session?.name ?? '',
    class: klass?.name ?? '',
    group: '',
    section: section?.name ?? '',
    shift: '',
    roll: '',
  }
}

const headings = importColumns.map((c) => templateHeadings[c])

/** The headings and the example row, as a sheet of the institute's. */
async function templateRows(c: Context<AppEnv>) {
  const example = await exampleRow(c.var.database.db, c.var.auth.instituteId)
  return [headings, importColumns.map((col) => example[col])]
}

/** The import template: the columns an upload may have, and one example row. */
export const studentImportTemplateRoutes = new Hono<AppEnv>()
  .get('/import-template.csv', documented({ media: 'text/csv' }))
  .get('/import-template.csv', requireAuth(), requirePermission('read', 'students'), async (c) =>
    spreadsheetResponse(c, 'students-template.csv', csvFile(await templateRows(c))),
  )
  .get(
    '/import-template.xlsx',
    documented({ media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  )
  .get('/import-template.xlsx', requireAuth(), requirePermission('read', 'students'), async (c) =>
    spreadsheetResponse(
      c,
      'students-template.xlsx',
      await xlsxFile('Students', await templateRows(c)),
    ),
  )
