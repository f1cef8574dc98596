import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type {
  PromotionClassSummary,
  PromotionCounts,
  PromotionExceptionAction,
  PromotionPlace,
  PromotionRequest,
  PromotionStudent,
} from '../../../shared/schemas/student-promotion.ts'
import { promotionStudentActions } from '../../../shared/schemas/student-promotion.ts'
import type { ErrorDetail } from '../../../shared/schemas/api-error.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, classes, groupClasses, sections } from '../../db/schema/academic.ts'
import { enrolments } from '../../db/schema/students.ts'
import { type FieldRefusal, validationFailed } from '../../lib/errors.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { enrolled } from './enrolment-read.ts'

interface TargetSection {
  id: string
  name: string
  capacity: number | null
}

/** What a promotion works with: its request, checked, and the lists it names, read once. */
export interface PromotionScope {
  instituteId: string
  request: PromotionRequest
  from: { id: string; name: string; endsOn: string }
  to: { id: string; name: string }
  classNames: Map<string, string>
  /** The next session's active sections: class id → lower-case name → section. */
  targetSections: Map<string, Map<string, TargetSection>>
  /** The classes each group is limited to; an empty set: every class. */
  groupClasses: Map<string, Set<string>>
  exceptions: Map<string, { action: PromotionExceptionAction; reason: string }>
}

/**
 * Reads what a promotion names and checks it is the institute's: 422 naming each field that is
 * not (a session, a class of the mapping, a student of an exception not enrolled in a class
 * being promoted), or a next session that does not start after the first.
 */
export async function loadScope(
  tx: Db,
  instituteId: string,
  request: PromotionRequest,
): Promise<PromotionScope> {
  const refusals: Record<string, FieldRefusal> = {}
  const sessionRows = await tx
    .select()
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.instituteId, instituteId),
        inArray(academicSessions.id, [request.fromSessionId, request.toSessionId]),
      ),
    )
  const from = sessionRows.find((s) => s.id === request.fromSessionId)
  const to = sessionRows.find((s) => s.id === request.toSessionId)
  if (!from) refusals.fromSessionId = 'unknown_structure_item'
  if (!to) refusals.toSessionId = 'unknown_structure_item'
  else if (from && to.startsOn <= from.startsOn) {
    refusals.toSessionId = { code: 'promotion_session_order', values: { name: from.name } }
  }
  const classRows = await tx
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(eq(classes.instituteId, instituteId))
  const classNames = new Map(classRows.map((c) => [c.id, c.name]))
  request.classMappings.forEach((m, i) => {
    if (!classNames.has(m.fromClassId)) {
      refusals[`classMappings.${i}.fromClassId`] = 'unknown_structure_item'
    }
    if (m.toClassId !== null && !classNames.has(m.toClassId)) {
      refusals[`classMappings.${i}.toClassId`] = 'unknown_structure_item'
    }
  })
  if (Object.keys(refusals).length) throw validationFailed(refusals)

  const exceptions = new Map(request.exceptions.map((e) => [e.studentId, e]))
  if (exceptions.size) {
    const inClasses = enrolled(tx, {
      instituteId,
      academicSessionId: from!.id,
      classIds: request.classMappings.map((m) => m.fromClassId),
      studentIds: [...exceptions.keys()],
    })
    const known = await tx.select({ studentId: inClasses.studentId }).from(inClasses)
    const knownIds = new Set(known.map((k) => k.studentId))
    request.exceptions.forEach((e, i) => {
      if (!knownIds.has(e.studentId)) {
        refusals[`exceptions.${i}.studentId`] = 'promotion_student_unknown'
      }
    })
    if (Object.keys(refusals).length) throw validationFailed(refusals)
  }

  const targetSections = new Map<string, Map<string, TargetSection>>()
  const sectionRows = await tx
    .select()
    .from(sections)
    .where(
      and(
        eq(sections.instituteId, instituteId),
        eq(sections.academicSessionId, to!.id),
        eq(sections.active, true),
      ),
    )
  for (const s of sectionRows) {
    const byName = targetSections.get(s.classId) ?? new Map<string, TargetSection>()
    byName.set(s.name.toLowerCase(), { id: s.id, name: s.name, capacity: s.capacity })
    targetSections.set(s.classId, byName)
  }
  const groupRows = await tx
    .select({ groupId: groupClasses.groupId, classId: groupClasses.classId })
    .from(groupClasses)
    .where(eq(groupClasses.instituteId, instituteId))
  const limits = new Map<string, Set<string>>()
  for (const g of groupRows)
    limits.set(g.groupId, (limits.get(g.groupId) ?? new Set()).add(g.classId))

  return {
    instituteId,
    request,
    from: { id: from!.id, name: from!.name, endsOn: from!.endsOn },
    to: { id: to!.id, name: to!.name },
    classNames,
    targetSections,
    groupClasses: limits,
    exceptions,
  }
}

const placeKey = (classId: string, sectionId: string | null) => `${classId}/${sectionId ?? ''}`

/**
 * The rolls taken in the next session, per class and section: read from the database the
 * first time a place is asked for, then kept up to date with each class planned.
 */
export class RollBook {
  private readonly places = new Map<string, Set<number>>()

  constructor(
    private readonly tx: Db,
    private readonly scope: PromotionScope,
  ) {}

  async taken(classId: string, sectionId: string | null): Promise<Set<number>> {
    const key = placeKey(classId, sectionId)
    const known = this.places.get(key)
    if (known) return known
    const rows = await this.tx
      .select({ roll: enrolments.roll })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.instituteId, this.scope.instituteId),
          eq(enrolments.academicSessionId, this.scope.to.id),
          eq(enrolments.classId, classId),
          sql`${enrolments.sectionId} is not distinct from ${sectionId}`,
        ),
      )
    const taken = new Set(rows.map((r) => r.roll))
    this.places.set(key, taken)
    return taken
  }

  /** Adds a planned class's rolls: the classes planned after it find them taken. */
  claim(plan: ClassPlan) {
    for (const s of plan.students) {
      if (s.moving && s.to) this.places.get(placeKey(s.to.classId, s.to.sectionId))!.add(s.to.roll)
    }
  }
}

/** A student of the plan, with what the run needs besides what the preview shows. */
export interface PlannedStudent extends PromotionStudent {
  enrolmentId: string
  /** Promoted or held back: a new enrolment in the next session. */
  moving: boolean
  groupId: string | null
  shiftId: string | null
}

export interface ClassPlan extends PromotionClassSummary {
  students: PlannedStudent[]
}

export const zeroCounts = (): PromotionCounts =>
  Object.fromEntries(promotionStudentActions.map((a) => [a, 0])) as PromotionCounts

export function countsOf(list: { action: PromotionStudent['action'] }[]): PromotionCounts {
  const counts = zeroCounts()
  for (const s of list) counts[s.action]++
  return counts
}

export function addCounts(into: PromotionCounts, more: PromotionCounts) {
  for (const a of promotionStudentActions) into[a] += more[a]
  return into
}

/**
 * What the promotion does with one class's students, as the database stands: who goes up (to
 * the section of the same name, keeping their roll when it is free, else the next free one), who
 * is held back, leaves or graduates, who already has a place in the next session or is no longer
 * active. A section that would be over its capacity is an error of the class. The book is not
 * changed: `book.claim(plan)` once the plan is kept.
 */
export async function planClass(
  tx: Db,
  scope: PromotionScope,
  mapping: PromotionRequest['classMappings'][number],
  book: RollBook,
): Promise<ClassPlan> {
  const { instituteId, from, to, request } = scope
  const inClass = enrolled(tx, {
    instituteId,
    academicSessionId: from.id,
    classIds: [mapping.fromClassId],
  })
  const rows = await tx
    .select({
      enrolmentId: inClass.enrolmentId,
      studentId: inClass.studentId,
      studentCode: inClass.studentCode,
      fullName: inClass.fullName,
      status: inClass.status,
      sectionId: inClass.sectionId,
      sectionName: sections.name,
      roll: inClass.roll,
      groupId: inClass.groupId,
      shiftId: inClass.shiftId,
    })
    .from(inClass)
    .leftJoin(sections, rowKey(sections, inClass.instituteId, inClass.sectionId))
    .orderBy(asc(sections.position), asc(sections.name), asc(inClass.roll))
  // Where the class's students are placed in the next session already.
  const inNext = enrolled(tx, { instituteId, academicSessionId: to.id }, 'next_session')
  const placed = await tx
    .select({
      studentId: inNext.studentId,
      classId: inNext.classId,
      sectionId: inNext.sectionId,
      sectionName: sections.name,
      roll: inNext.roll,
    })
    .from(inNext)
    .innerJoin(inClass, eq(inClass.studentId, inNext.studentId))
    .leftJoin(sections, rowKey(sections, inNext.instituteId, inNext.sectionId))
  const already = new Map(placed.map((p) => [p.studentId, p]))
  const className = (id: string) => scope.classNames.get(id)!

  const planned: PlannedStudent[] = rows.map((r) => {
    const base = {
      enrolmentId: r.enrolmentId,
      studentId: r.studentId,
      studentCode: r.studentCode,
      fullName: r.fullName,
      reason: '',
      from: {
        classId: mapping.fromClassId,
        className: className(mapping.fromClassId),
        sectionId: r.sectionId,
        sectionName: r.sectionName,
        roll: r.roll,
      },
      to: null as PromotionPlace | null,
      moving: false,
      groupId: r.groupId,
      shiftId: r.shiftId,
    }
    const existing = already.get(r.studentId)
    if (r.status !== 'active') return { ...base, action: 'not_active' as const }
    if (existing) {
      const to = { ...existing, className: className(existing.classId) }
      return { ...base, action: 'already_enrolled' as const, to }
    }
    const exception = scope.exceptions.get(r.studentId)
    const action =
      exception?.action ??
      (mapping.toClassId === null ? ('graduate' as const) : ('promote' as const))
    const reason = exception?.reason ?? ''
    const classId = action === 'hold_back' ? mapping.fromClassId : mapping.toClassId
    if ((action !== 'promote' && action !== 'hold_back') || !classId) {
      return { ...base, action, reason }
    }
    const section =
      request.sectionRule === 'keep_section_name' && r.sectionName
        ? scope.targetSections.get(classId)?.get(r.sectionName.toLowerCase())
        : undefined
    // A group not offered to the class the student goes to is left behind.
    const limit = r.groupId ? scope.groupClasses.get(r.groupId) : undefined
    const groupId = limit?.size && !limit.has(classId) ? null : r.groupId
    return {
      ...base,
      action,
      reason,
      moving: true,
      groupId,
      to: {
        classId,
        className: className(classId),
        sectionId: section?.id ?? null,
        sectionName: section?.name ?? null,
        roll: 0,
      },
    }
  })

  // Rolls: each keeps theirs where it is free, then the rest take the next free ones in order.
  const claims = new Map<string, Set<number>>()
  const movingStudents = planned.filter((s) => s.moving)
  for (const s of movingStudents) {
    const key = placeKey(s.to!.classId, s.to!.sectionId)
    const mine = claims.get(key) ?? new Set<number>()
    claims.set(key, mine)
    const taken = await book.taken(s.to!.classId, s.to!.sectionId)
    if (!taken.has(s.from.roll) && !mine.has(s.from.roll)) {
      mine.add(s.from.roll)
      s.to!.roll = s.from.roll
    }
  }
  for (const s of movingStudents) {
    if (s.to!.roll) continue
    const mine = claims.get(placeKey(s.to!.classId, s.to!.sectionId))!
    const taken = await book.taken(s.to!.classId, s.to!.sectionId)
    s.to!.roll = Math.max(0, ...taken, ...mine) + 1
    mine.add(s.to!.roll)
  }

  const errors: ErrorDetail[] = []
  for (const [classId, byName] of scope.targetSections) {
    for (const section of byName.values()) {
      const mine = claims.get(placeKey(classId, section.id))
      if (!mine || section.capacity === null) continue
      const count = (await book.taken(classId, section.id)).size + mine.size
      if (count > section.capacity) {
        errors.push({
          code: 'promotion_section_full',
          values: {
            section: section.name,
            className: className(classId),
            count,
            capacity: section.capacity,
          },
        })
      }
    }
  }

  return {
    fromClassId: mapping.fromClassId,
    fromClassName: className(mapping.fromClassId),
    toClassId: mapping.toClassId,
    toClassName: mapping.toClassId ? className(mapping.toClassId) : null,
    counts: countsOf(planned),
    errors,
    students: planned,
  }
}
