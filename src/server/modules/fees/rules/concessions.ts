import { and, asc, desc, eq, ilike, or } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  ConcessionDecisionSchema,
  ConcessionListSearchSchema,
  ConcessionReasonSchema,
  ConcessionRequestSchema,
  type Concession,
  type ConcessionOptions,
  type ConcessionRequest,
  type ConcessionStatus,
  ConcessionListSchema,
  ConcessionOptionsSchema,
  ConcessionSchema,
} from '../../../../shared/schemas/fee-rules.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { academicSessions } from '../../../db/schema/academic.ts'
import { concessions } from '../../../db/schema/fee-rules.ts'
import { paymentCycles, paymentPeriods } from '../../../db/schema/fee-setup.ts'
import { students } from '../../../db/schema/students.ts'
import { audit } from '../../../lib/audit.ts'
import { forbidden, requireAuth, requirePermission } from '../../../lib/auth.ts'
import { conflict, notFound, validationFailed } from '../../../lib/errors.ts'
import { readJson } from '../../../lib/validate.ts'
import { readQuery } from '../../../lib/validate.ts'
import { creditApprovedConcession } from './concession-credit.ts'
import { checkSession, listed, oneListed } from './concession-read.ts'
import { headOf, ruleHeads } from './rule-heads.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/*
 * /fees/concessions: maker–checker. Whoever holds student-concessions requests one; another
 * user holding concession-approval approves or rejects it (never the requester: a 403 with its
 * own code, and a check constraint behind it); an approved one can be revoked. Each step is
 * audited. Invoices created afterwards apply it (invoice-plan.ts); invoices already posted get
 * concession credit notes when it is approved (concession-credit.ts). The sibling rule, which
 * requests many at once, is concession-siblings.ts.
 */

async function checkPeriod(
  tx: Db,
  instituteId: string,
  body: ConcessionRequest,
  field: 'fromPeriodId' | 'toPeriodId',
) {
  const periodId = body[field]
  if (periodId === null) return
  const [row] = await tx
    .select({ id: paymentPeriods.id })
    .from(paymentPeriods)
    .innerJoin(
      paymentCycles,
      rowKey(paymentCycles, paymentPeriods.instituteId, paymentPeriods.cycleId),
    )
    .where(
      and(
        eq(paymentPeriods.instituteId, instituteId),
        eq(paymentPeriods.id, periodId),
        eq(paymentCycles.academicSessionId, body.academicSessionId),
      ),
    )
  if (!row) throw validationFailed({ [field]: 'concession_period_not_found' })
}

async function checkRequest(tx: Db, instituteId: string, body: ConcessionRequest) {
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.instituteId, instituteId), eq(students.id, body.studentId)))
  if (!student) throw validationFailed({ studentId: 'concession_student_not_found' })
  if (body.feeHeadId !== null) await headOf(tx, instituteId, body.feeHeadId)
  await checkSession(tx, instituteId, body.academicSessionId)
  await checkPeriod(tx, instituteId, body, 'fromPeriodId')
  await checkPeriod(tx, instituteId, body, 'toPeriodId')
}

const valuesOf = (body: ConcessionRequest) => ({
  studentId: body.studentId,
  feeHeadId: body.feeHeadId,
  academicSessionId: body.academicSessionId,
  fromPeriodId: body.fromPeriodId,
  toPeriodId: body.toPeriodId,
  kind: body.terms.kind,
  rateBp: body.terms.kind === 'percent' ? body.terms.rateBp : null,
  amountMinor: body.terms.kind === 'fixed' ? body.terms.amount : null,
  category: body.category,
  reason: body.reason,
})

async function lockedConcession(c: Context<AppEnv>, tx: Db) {
  const id = pathId(c.req.param('concessionId'), 'concession_not_found')
  const [row] = await tx
    .select()
    .from(concessions)
    .where(and(eq(concessions.instituteId, c.var.auth.instituteId), eq(concessions.id, id)))
    .for('update')
  if (!row) throw notFound('concession_not_found')
  return row
}

/** Approve or reject: only a requested one, and never by who requested it. */
async function decide(
  c: Context<AppEnv>,
  status: Extract<ConcessionStatus, 'approved' | 'rejected'>,
  note: string,
) {
  const { database, auth } = c.var
  return database.db.transaction(async (tx) => {
    const row = await lockedConcession(c, tx)
    if (row.requestedBy === auth.user.id) throw forbidden('concession_self_approval')
    if (row.status !== 'requested') {
      throw conflict('concession_not_requested')
    }
    await tx
      .update(concessions)
      .set({
        status,
        approvedBy: auth.user.id,
        decidedAt: new Date(),
        decisionNote: note,
        updatedAt: new Date(),
      })
      .where(rowKey(concessions, row.instituteId, row.id))
    // Approved: the invoices already posted get their concession credit notes now.
    const creditNotes =
      status === 'approved' ? await creditApprovedConcession(tx, row, auth.user.id) : []
    const after = await oneListed(tx, auth.instituteId, row.id)
    await audit(c, tx, {
      area: 'fees',
      action: status === 'approved' ? 'approve' : 'reject',
      entity: 'concession',
      entityId: row.id,
      before: { status: row.status },
      after: { status, decisionNote: note, ...(creditNotes.length ? { creditNotes } : {}) },
    })
    return after
  })
}

export const concessionRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: ConcessionListSchema, query: ConcessionListSearchSchema }))
  .get('/', requireAuth(), requirePermission('read', 'student-concessions'), async (c) => {
    const search = readQuery(c, ConcessionListSearchSchema)
    const where = [
      ...(search.status ? [eq(concessions.status, search.status)] : []),
      ...(search.category ? [eq(concessions.category, search.category)] : []),
      ...(search.studentId ? [eq(concessions.studentId, search.studentId)] : []),
    ]
    return c.json({ data: await listed(c.var.database.db, c.var.auth.instituteId, ...where) })
  })

  /** What the request form picks from; `q` finds students by name or ID. */
  .get('/options', documented({ answers: ConcessionOptionsSchema }))
  .get('/options', requireAuth(), requirePermission('read', 'student-concessions'), async (c) => {
    const { db } = c.var.database
    const instituteId = c.var.auth.instituteId
    const q = (c.req.query('q') ?? '').trim().slice(0, 100)
    const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    const found = q
      ? await db
          .select({
            id: students.id,
            fullName: students.fullName,
            studentCode: students.studentCode,
          })
          .from(students)
          .where(
            and(
              eq(students.instituteId, instituteId),
              or(ilike(students.fullName, like), ilike(students.studentCode, like)),
            ),
          )
          .orderBy(asc(students.fullName))
          .limit(20)
      : []
    const sessions = await db
      .select({
        id: academicSessions.id,
        name: academicSessions.name,
        isCurrent: academicSessions.isCurrent,
      })
      .from(academicSessions)
      .where(eq(academicSessions.instituteId, instituteId))
      .orderBy(desc(academicSessions.startsOn))
    return c.json<ConcessionOptions>({
      heads: await ruleHeads(db, instituteId),
      sessions,
      students: found,
    })
  })

  .post('/', documented({ answers: ConcessionSchema, body: ConcessionRequestSchema, status: 201 }))

  .post('/', requireAuth(), requirePermission('create', 'student-concessions'), async (c) => {
    const body = await readJson(c, ConcessionRequestSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      await checkRequest(tx, auth.instituteId, body)
      const [row] = await tx
        .insert(concessions)
        .values({ ...valuesOf(body), instituteId: auth.instituteId, requestedBy: auth.user.id })
        .returning()
      const concession = await oneListed(tx, auth.instituteId, row!.id)
      await audit(c, tx, {
        area: 'fees',
        action: 'request',
        entity: 'concession',
        entityId: row!.id,
        after: valuesOf(body),
      })
      return concession
    })
    return c.json<Concession>(created, 201)
  })

  .post(
    '/:concessionId/approve',
    documented({ answers: ConcessionSchema, body: ConcessionDecisionSchema }),
  )

  .post(
    '/:concessionId/approve',
    requireAuth(),
    requirePermission('update', 'concession-approval'),
    async (c) => {
      const { note } = await readJson(c, ConcessionDecisionSchema)
      return c.json<Concession>(await decide(c, 'approved', note))
    },
  )

  .post(
    '/:concessionId/reject',
    documented({ answers: ConcessionSchema, body: ConcessionReasonSchema }),
  )

  .post(
    '/:concessionId/reject',
    requireAuth(),
    requirePermission('update', 'concession-approval'),
    async (c) => {
      const { note } = await readJson(c, ConcessionReasonSchema)
      return c.json<Concession>(await decide(c, 'rejected', note))
    },
  )

  .post(
    '/:concessionId/revoke',
    documented({ answers: ConcessionSchema, body: ConcessionReasonSchema }),
  )

  .post(
    '/:concessionId/revoke',
    requireAuth(),
    requirePermission('update', 'concession-approval'),
    async (c) => {
      const { note } = await readJson(c, ConcessionReasonSchema)
      const { database, auth } = c.var
      const revoked = await database.db.transaction(async (tx) => {
        const row = await lockedConcession(c, tx)
        if (row.status !== 'approved') throw conflict('concession_not_approved')
        await tx
          .update(concessions)
          .set({
            status: 'revoked',
            revokedBy: auth.user.id,
            revokedAt: new Date(),
            decisionNote: note,
            updatedAt: new Date(),
          })
          .where(rowKey(concessions, row.instituteId, row.id))
        await audit(c, tx, {
          area: 'fees',
          action: 'revoke',
          entity: 'concession',
          entityId: row.id,
          before: { status: row.status },
          after: { status: 'revoked', decisionNote: note },
        })
        return oneListed(tx, auth.instituteId, row.id)
      })
      return c.json<Concession>(revoked)
    },
  )
