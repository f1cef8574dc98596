import { aliasedTable, and, asc, desc, eq } from 'drizzle-orm'
import type { Concession, ConcessionTerms } from '../../../../shared/schemas/fee-rules.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions } from '../../../db/schema/academic.ts'
import { users } from '../../../db/schema/auth.ts'
import { concessions } from '../../../db/schema/fee-rules.ts'
import { feeHeads } from '../../../db/schema/fee-setup.ts'
import { students } from '../../../db/schema/students.ts'
import { validationFailed } from '../../../lib/errors.ts'
import { rowKey } from '../../../db/tenant-rows.ts'

/*
 * The concessions as the endpoints answer them (concessions.ts), and the session check that a
 * request and the sibling rule (concession-siblings.ts) share.
 */

type ConcessionRow = typeof concessions.$inferSelect

const requester = aliasedTable(users, 'requester')
const approver = aliasedTable(users, 'approver')

const termsOf = (row: ConcessionRow): ConcessionTerms =>
  row.kind === 'percent'
    ? { kind: 'percent', rateBp: row.rateBp ?? 0 }
    : { kind: 'fixed', amount: row.amountMinor ?? 0 }

const listColumns = {
  row: concessions,
  studentName: students.fullName,
  studentCode: students.studentCode,
  feeHeadName: feeHeads.name,
  requestedByName: requester.fullName,
  approvedByName: approver.fullName,
}

/** The institute's concessions, newest first, named: their student, head and deciders. */
export async function listed(db: Db, instituteId: string, ...where: ReturnType<typeof eq>[]) {
  const rows = await db
    .select(listColumns)
    .from(concessions)
    .innerJoin(students, rowKey(students, concessions.instituteId, concessions.studentId))
    .leftJoin(feeHeads, rowKey(feeHeads, concessions.instituteId, concessions.feeHeadId))
    .leftJoin(requester, eq(requester.id, concessions.requestedBy))
    .leftJoin(approver, eq(approver.id, concessions.approvedBy))
    .where(and(eq(concessions.instituteId, instituteId), ...where))
    .orderBy(desc(concessions.createdAt), asc(students.fullName))
  return rows.map(({ row, ...names }): Concession => ({
    id: row.id,
    studentId: row.studentId,
    studentName: names.studentName,
    studentCode: names.studentCode,
    feeHeadId: row.feeHeadId,
    feeHeadName: names.feeHeadName,
    academicSessionId: row.academicSessionId,
    fromPeriodId: row.fromPeriodId,
    toPeriodId: row.toPeriodId,
    terms: termsOf(row),
    category: row.category,
    reason: row.reason,
    documentName: row.documentKey ? row.documentName : null,
    status: row.status,
    requestedBy: row.requestedBy,
    requestedByName: names.requestedByName,
    approvedBy: row.approvedBy,
    approvedByName: names.approvedByName,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
  }))
}

export async function oneListed(db: Db, instituteId: string, concessionId: string) {
  const [found] = await listed(db, instituteId, eq(concessions.id, concessionId))
  return found!
}

/** A request's session: one of the institute's (a 422 naming academicSessionId otherwise). */
export async function checkSession(tx: Db, instituteId: string, sessionId: string) {
  const [row] = await tx
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(and(eq(academicSessions.instituteId, instituteId), eq(academicSessions.id, sessionId)))
  if (!row) throw validationFailed({ academicSessionId: 'concession_session_not_found' })
}
