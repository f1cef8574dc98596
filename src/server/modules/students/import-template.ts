import { and, asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { Hono } from 'hono'
import Papa from 'papaparse'
import { importColumns, type ImportColumn } from '../../../shared/schemas/students.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, classes, sections } from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { templateHeadings } from './import-columns.ts'

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
    guardianPhone: '+8801711000000',
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

/** The import template: the columns an upload may have, and one example row. */
export const studentImportTemplateRoutes = new Hono<AppEnv>()
  .get('/import-template.csv', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const example = await exampleRow(c.var.database.db, c.var.auth.instituteId)
    const csv = Papa.unparse([headings, importColumns.map((col) => example[col])])
    // A byte order mark, so spreadsheets read it as UTF-8.
    return c.body(`\uFEFF${csv}\r\n`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="students-template.csv"',
    })
  })
  .get('/import-template.xlsx', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const example = await exampleRow(c.var.database.db, c.var.auth.instituteId)
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Students')
    sheet.addRow(headings).font = { bold: true }
    sheet.addRow(importColumns.map((col) => example[col]))
    // Every cell text, so phone numbers and IDs keep their leading zeros.
    sheet.columns.forEach((column) => {
      column.numFmt = '@'
      column.width = 18
    })
    const bytes = await workbook.xlsx.writeBuffer()
    return c.body(new Uint8Array(bytes as ArrayBuffer), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': 'attachment; filename="students-template.xlsx"',
    })
  })
