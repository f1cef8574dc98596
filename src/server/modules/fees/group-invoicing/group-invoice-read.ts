import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type * as v from 'valibot'
import type {
  GroupInvoiceOptions,
  GroupInvoiceOptionsQuerySchema,
} from '../../../../shared/schemas/fees-invoices.ts'
import type { Db } from '../../../db/client.ts'
import { classes, sections } from '../../../db/schema/academic.ts'
import { groupInvoiceRuns, invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { jobs } from '../../../db/schema/jobs.ts'
import { students } from '../../../db/schema/students.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { enrolled } from '../../students/enrolment-read.ts'
import { groupInvoiceJob } from './group-invoice-job.ts'

/** A session's sections, and (with `q`) its students found by name or student ID. */
export async function groupInvoiceOptions(
  db: Db,
  instituteId: string,
  query: v.InferOutput<typeof GroupInvoiceOptionsQuerySchema>,
): Promise<GroupInvoiceOptions> {
  const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
  const inSession = enrolled(db, { instituteId, academicSessionId: query.academicSessionId })
  const [sectionRows, found] = await Promise.all([
    db
      .select({ id: sections.id, classId: sections.classId, name: sections.name })
      .from(sections)
      .where(
        and(
          eq(sections.instituteId, instituteId),
          eq(sections.academicSessionId, query.academicSessionId),
        ),
      )
      .orderBy(asc(sections.position)),
    query.q.length >= 2
      ? db
          .select({
            id: inSession.studentId,
            fullName: inSession.fullName,
            studentCode: inSession.studentCode,
            className: classes.name,
          })
          .from(inSession)
          .innerJoin(classes, rowKey(classes, inSession.instituteId, inSession.classId))
          .where(
            sql`(${inSession.fullName} ilike ${like} or ${inSession.studentCode} ilike ${like})`,
          )
          .orderBy(asc(inSession.fullName))
          .limit(20)
      : [],
  ])
  return { sections: sectionRows, students: found }
}

/** The institute's runs (those `where` picks), newest first, each with its job's state. */
export async function runsWhere(db: Db, instituteId: string, where?: SQL) {
  return db
    .select({ run: groupInvoiceRuns, jobStatus: jobs.status })
    .from(groupInvoiceRuns)
    .leftJoin(jobs, rowKey(jobs, groupInvoiceRuns.instituteId, groupInvoiceRuns.jobId))
    .where(and(eq(groupInvoiceRuns.instituteId, instituteId), where))
    .orderBy(desc(groupInvoiceRuns.createdAt))
    .limit(50)
}

/** The run of that id, with its job's state. */
export async function runOf(db: Db, instituteId: string, runId: string) {
  const [row] = await runsWhere(db, instituteId, eq(groupInvoiceRuns.id, runId))
  return row
}

/** The run an Idempotency-Key started, with the scope it was asked for. */
export async function runOfKey(db: Db, instituteId: string, key: string) {
  const [row] = await db
    .select({ run: groupInvoiceRuns })
    .from(groupInvoiceRuns)
    .innerJoin(jobs, rowKey(jobs, groupInvoiceRuns.instituteId, groupInvoiceRuns.jobId))
    .where(
      and(
        eq(groupInvoiceRuns.instituteId, instituteId),
        eq(jobs.kind, groupInvoiceJob.kind),
        eq(jobs.key, key),
      ),
    )
  return row && { fingerprint: row.run.scopeKey, answer: row.run }
}

/** The run of the same scope whose job is still queued, running or cancelling, if any. */
export async function runningOfScope(db: Db, instituteId: string, scopeKey: string) {
  const [running] = await db
    .select({ jobId: jobs.id, runId: groupInvoiceRuns.id })
    .from(groupInvoiceRuns)
    .innerJoin(jobs, rowKey(jobs, groupInvoiceRuns.instituteId, groupInvoiceRuns.jobId))
    .where(
      and(
        eq(groupInvoiceRuns.instituteId, instituteId),
        eq(groupInvoiceRuns.scopeKey, scopeKey),
        inArray(jobs.status, ['queued', 'running', 'cancelling']),
      ),
    )
  return running
}

/** The invoices a run made, each with its total (the first few hundred, by number). */
export async function invoicesOf(db: Db, instituteId: string, runId: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      studentName: students.fullName,
      studentCode: students.studentCode,
      totalMinor: sql<number>`coalesce(sum(${invoiceLines.netMinor}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(students, rowKey(students, invoices.instituteId, invoices.studentId))
    .leftJoin(
      invoiceLines,
      and(
        eq(invoiceLines.instituteId, invoices.instituteId),
        eq(invoiceLines.invoiceId, invoices.id),
      ),
    )
    .where(
      and(
        eq(invoices.instituteId, instituteId),
        eq(invoices.groupInvoiceRunId, runId),
        isNull(invoices.creditOf),
      ),
    )
    .groupBy(invoices.instituteId, invoices.id, students.instituteId, students.id)
    .orderBy(asc(invoices.number))
    .limit(300)
}
