import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { Hono, type Context } from 'hono'
import Papa from 'papaparse'
import {
  importColumns,
  StudentListQuerySchema,
  type ImportColumn,
  type StudentListQuery,
} from '../../../shared/schemas/students.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions } from '../../db/schema/academic.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { validationFailed } from '../../lib/errors.ts'
import { containing } from '../../lib/like.ts'
import { parseOrThrow } from '../../lib/validate.ts'
import { templateHeadings } from './import-columns.ts'

/** The session the list shows when none is asked for: the current one, else the latest. */
async function sessionOf(db: Db, instituteId: string, asked: string | undefined) {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.instituteId, instituteId),
        asked ? eq(academicSessions.id, asked) : undefined,
      ),
    )
    .orderBy(desc(academicSessions.isCurrent), desc(academicSessions.startsOn))
    .limit(1)
  if (asked && !row) throw validationFailed({ academicSessionId: 'unknown_structure_item' })
  return row?.id ?? null
}

/**
 * The list's students (its filters; `q` as a name, a student ID or a guardian phone), with
 * their enrolment in the session listed, in the import's columns: an export is a file the
 * import takes back.
 */
async function exportRows(db: Db, instituteId: string, query: StudentListQuery) {
  const sessionId = await sessionOf(db, instituteId, query.academicSessionId)
  const placed = Boolean(query.classId || query.groupId || query.sectionId)
  const q = query.q.trim()
  const digits = q.replace(/\D/g, '')
  const parts: (SQL | undefined)[] = [
    sql`s.institute_id = ${instituteId}`,
    query.campusId ? sql`s.campus_id = ${query.campusId}` : undefined,
    query.status ? sql`s.status = ${query.status}` : undefined,
    query.classId ? sql`e.class_id = ${query.classId}` : undefined,
    query.groupId ? sql`e.group_id = ${query.groupId}` : undefined,
    query.sectionId ? sql`e.section_id = ${query.sectionId}` : undefined,
    q
      ? sql`(lower(s.full_name) like ${containing(q.toLowerCase())}
          or lower(s.student_code) like ${`${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}
          ${digits.length >= 4 ? sql`or s.family_key like ${containing(digits.slice(-10))}` : sql``})`
      : undefined,
  ]
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
      join campuses cp on cp.id = s.campus_id
      ${placed ? sql`join` : sql`left join`} enrolments e on e.student_id = s.id
        and e.institute_id = ${instituteId} and e.academic_session_id = ${sessionId}
      left join academic_sessions se on se.id = e.academic_session_id
      left join classes c on c.id = e.class_id
      left join groups g on g.id = e.group_id
      left join sections sc on sc.id = e.section_id
      left join shifts sh on sh.id = e.shift_id
    where ${sql.join(
      parts.filter((p) => p !== undefined),
      sql` and `,
    )}
    order by c.position nulls last, sc.position nulls last, e.roll, s.student_code`)
  return (result as unknown as { rows: Record<ImportColumn, string>[] }).rows
}

const headings = importColumns.map((c) => templateHeadings[c])

async function exported(c: Context<AppEnv>, format: 'csv' | 'xlsx') {
  const query = parseOrThrow(StudentListQuerySchema, c.req.query())
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
  .get('/export.csv', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const rows = await exported(c, 'csv')
    return c.body(`\uFEFF${Papa.unparse([headings, ...rows])}\r\n`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="students.csv"',
    })
  })
  .get('/export.xlsx', requireAuth(), requirePermission('read', 'students'), async (c) => {
    const rows = await exported(c, 'xlsx')
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Students')
    // Text cells, so IDs and phone numbers keep their leading zeros.
    sheet.columns = headings.map(() => ({ width: 18, style: { numFmt: '@' } }))
    sheet.addRow(headings).font = { bold: true }
    sheet.addRows(rows)
    const bytes = await workbook.xlsx.writeBuffer()
    return c.body(new Uint8Array(bytes as ArrayBuffer), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': 'attachment; filename="students.xlsx"',
    })
  })
