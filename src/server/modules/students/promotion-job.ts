import { and, eq, inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import {
  PromotionRequestSchema,
  type PromotionClassSummary,
  type PromotionRequest,
  type PromotionResult,
} from '../../../shared/schemas/student-promotion.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions } from '../../db/schema/academic.ts'
import { enrolments, students } from '../../db/schema/students.ts'
import { writeAudit } from '../../lib/audit.ts'
import { ApiException } from '../../lib/errors.ts'
import { JobError, type JobKind } from '../../lib/jobs/job-kind.ts'
import {
  addCounts,
  countsOf,
  loadScope,
  planClass,
  RollBook,
  zeroCounts,
  type ClassPlan,
  type PlannedStudent,
  type PromotionScope,
} from './promotion-plan.ts'

/** Who asked for the run, as its audit row records them when it ends. */
const RequesterSchema = v.object({
  impersonatorId: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  userAgent: v.nullable(v.string()),
})

const PromotionJobParamsSchema = v.object({
  request: PromotionRequestSchema,
  by: RequesterSchema,
})
type PromotionJobParams = v.InferOutput<typeof PromotionJobParamsSchema>

interface Checkpoint {
  /** The index of the next class mapping to run. */
  next: number
  classes: PromotionClassSummary[]
  audited?: boolean
}

export const promotionJobKindName = 'student-promotion'

const chunk = <T>(list: T[], size = 500): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, i * size + size),
  )

async function setOutcome(
  tx: Db,
  list: PlannedStudent[],
  outcome: 'promoted' | 'held_back' | 'left' | 'graduated',
) {
  for (const part of chunk(list)) {
    await tx
      .update(enrolments)
      .set({ outcome, updatedAt: new Date() })
      .where(
        inArray(
          enrolments.id,
          part.map((s) => s.enrolmentId),
        ),
      )
  }
}

/**
 * Writes one class's plan: the next session's enrolments (a student who has one already keeps
 * it and is counted as already enrolled), the outcome of this session's, and the students who
 * leave or graduate. Answers the plan as it went.
 */
async function applyClass(tx: Db, scope: PromotionScope, plan: ClassPlan): Promise<ClassPlan> {
  const moving = plan.students.filter((s) => s.moving)
  const inserted = new Set<string>()
  for (const part of chunk(moving)) {
    const rows = await tx
      .insert(enrolments)
      .values(
        part.map((s) => ({
          instituteId: scope.instituteId,
          studentId: s.studentId,
          academicSessionId: scope.to.id,
          classId: s.to!.classId,
          groupId: s.groupId,
          sectionId: s.to!.sectionId,
          shiftId: s.shiftId,
          roll: s.to!.roll,
        })),
      )
      .onConflictDoNothing({
        target: [enrolments.instituteId, enrolments.studentId, enrolments.academicSessionId],
      })
      .returning({ studentId: enrolments.studentId })
    for (const r of rows) inserted.add(r.studentId)
  }
  const went = plan.students.map((s) =>
    s.moving && !inserted.has(s.studentId) ? { ...s, action: 'already_enrolled' as const } : s,
  )
  const having = (action: PlannedStudent['action']) => went.filter((s) => s.action === action)
  await setOutcome(tx, having('promote'), 'promoted')
  await setOutcome(tx, having('hold_back'), 'held_back')
  for (const [status, action] of [
    ['left', 'leave'],
    ['graduated', 'graduate'],
  ] as const) {
    const list = having(action)
    await setOutcome(tx, list, status)
    // One statement per reason given: a class's leavers mostly share a few.
    const byReason = new Map<string, PlannedStudent[]>()
    for (const s of list) {
      const group = byReason.get(s.reason) ?? []
      group.push(s)
      byReason.set(s.reason, group)
    }
    for (const [reason, group] of byReason) {
      for (const part of chunk(group)) {
        await tx
          .update(students)
          .set({ status, statusOn: scope.from.endsOn, statusReason: reason, updatedAt: new Date() })
          .where(
            and(
              eq(students.instituteId, scope.instituteId),
              eq(students.status, 'active'),
              inArray(
                students.id,
                part.map((s) => s.studentId),
              ),
            ),
          )
      }
    }
  }
  return { ...plan, students: went, counts: countsOf(went) }
}

/** Reads the promotion's scope in a job: a request no longer fitting the data fails the job. */
async function scopeFor(tx: Db, instituteId: string, request: PromotionRequest) {
  try {
    return await loadScope(tx, instituteId, request)
  } catch (err) {
    if (err instanceof ApiException) throw new JobError(err.code, err.values)
    throw err
  }
}

const summary = ({ students: _students, ...rest }: ClassPlan): PromotionClassSummary => rest

/**
 * A promotion run: one class per step, each all or nothing (a class with an error, such as a
 * full section, is left as it is and reported). Runs again from any checkpoint, and a whole
 * second run changes nothing: students enrolled in the next session are skipped. One audit row
 * with the counts when it ends.
 */
export const promotionJobKind: JobKind<PromotionJobParams, Checkpoint, PromotionResult> = {
  kind: promotionJobKindName,
  subject: 'students',
  params: PromotionJobParamsSchema,
  async run(ctx) {
    const { request, by } = ctx.params
    const mappings = request.classMappings
    let checkpoint: Checkpoint = ctx.checkpoint ?? { next: 0, classes: [] }
    while (checkpoint.next < mappings.length) {
      const at = checkpoint
      checkpoint = await ctx.step(async (tx) => {
        // Promotions of one institute take turns class by class, so their rolls never collide.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`promotion:${ctx.instituteId}`}))`,
        )
        const scope = await scopeFor(tx, ctx.instituteId, request)
        let plan = await planClass(tx, scope, mappings[at.next]!, new RollBook(tx, scope))
        if (!plan.errors.length) plan = await applyClass(tx, scope, plan)
        const next = at.next + 1
        return {
          checkpoint: { next, classes: [...at.classes, summary(plan)] },
          done: next,
          total: mappings.length,
        }
      })
    }
    const result: PromotionResult = {
      classes: checkpoint.classes,
      totals: checkpoint.classes.reduce(
        (all, c) => (c.errors.length ? all : addCounts(all, c.counts)),
        zeroCounts(),
      ),
    }
    if (!checkpoint.audited) {
      const at = checkpoint
      await ctx.step(async (tx) => {
        const names = await tx
          .select({ id: academicSessions.id, name: academicSessions.name })
          .from(academicSessions)
          .where(inArray(academicSessions.id, [request.fromSessionId, request.toSessionId]))
        const nameOf = (id: string) => names.find((n) => n.id === id)?.name ?? id
        await writeAudit(tx, {
          instituteId: ctx.instituteId,
          userId: ctx.createdBy,
          ...by,
          area: 'institutes',
          action: 'promote',
          entity: 'promotion',
          entityId: ctx.jobId,
          after: {
            fromSession: nameOf(request.fromSessionId),
            toSession: nameOf(request.toSessionId),
            ...result.totals,
            classesRefused: result.classes.filter((c) => c.errors.length).length,
          },
        })
        return { checkpoint: { ...at, audited: true }, done: mappings.length }
      })
    }
    return result
  },
}
