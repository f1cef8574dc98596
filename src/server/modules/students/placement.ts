import { and, count, eq, sql } from 'drizzle-orm'
import type { Placement } from '../../../shared/schemas/students.ts'
import type { Db } from '../../db/client.ts'
import {
  academicSessions,
  classes,
  groupClasses,
  groups,
  sections,
  shifts,
} from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { enrolments } from '../../db/schema/students.ts'
import { type FieldRefusal, validationFailed } from '../../lib/errors.ts'

async function exists(
  tx: Db,
  table: typeof classes | typeof shifts,
  instituteId: string,
  id: string,
) {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.instituteId, instituteId)))
  return Boolean(row)
}

/**
 * 422 naming each field of a placement (and the campus, when given) that is not the
 * institute's or does not fit the rest: a group not offered to the class, a section of another
 * class or session, a full section. `fieldPrefix` names nested fields (`enrolment.classId`).
 * `movingStudentId` is a student already in the section, who does not count against its capacity.
 */
export async function assertPlacement(
  tx: Db,
  instituteId: string,
  p: Placement & { campusId?: string },
  opts: { fieldPrefix?: string; movingStudentId?: string } = {},
) {
  const refusals: Record<string, FieldRefusal> = {}
  const [session] = await tx
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.id, p.academicSessionId),
        eq(academicSessions.instituteId, instituteId),
      ),
    )
  if (!session) refusals.academicSessionId = 'unknown_structure_item'
  if (!(await exists(tx, classes, instituteId, p.classId)))
    refusals.classId = 'unknown_structure_item'
  if (p.shiftId && !(await exists(tx, shifts, instituteId, p.shiftId))) {
    refusals.shiftId = 'unknown_structure_item'
  }
  if (p.groupId) {
    const [group] = await tx
      .select({
        id: groups.id,
        classes: sql<number>`(select count(*)::int from ${groupClasses} where ${groupClasses.groupId} = ${groups.id})`,
        offered: sql<number>`(select count(*)::int from ${groupClasses} where ${groupClasses.groupId} = ${groups.id} and ${groupClasses.classId} = ${p.classId})`,
      })
      .from(groups)
      .where(and(eq(groups.id, p.groupId), eq(groups.instituteId, instituteId)))
    if (!group) refusals.groupId = 'unknown_structure_item'
    else if (group.classes > 0 && group.offered === 0) refusals.groupId = 'group_not_offered'
  }
  if (p.sectionId) {
    const [section] = await tx
      .select()
      .from(sections)
      .where(and(eq(sections.id, p.sectionId), eq(sections.instituteId, instituteId)))
    if (!section) refusals.sectionId = 'unknown_structure_item'
    else if (section.academicSessionId !== p.academicSessionId || section.classId !== p.classId) {
      refusals.sectionId = 'section_not_of_class'
    } else if (section.capacity !== null) {
      const [taken] = await tx
        .select({ n: count() })
        .from(enrolments)
        .where(
          and(
            eq(enrolments.sectionId, section.id),
            opts.movingStudentId
              ? sql`${enrolments.studentId} <> ${opts.movingStudentId}`
              : undefined,
          ),
        )
      if (taken!.n >= section.capacity) {
        refusals.sectionId = { code: 'section_full', values: { capacity: section.capacity } }
      }
    }
  }
  if (p.campusId) {
    const [campus] = await tx
      .select({ id: campuses.id })
      .from(campuses)
      .where(and(eq(campuses.id, p.campusId), eq(campuses.instituteId, instituteId)))
    if (!campus) refusals.campusId = 'unknown_structure_item'
  }
  const prefix = opts.fieldPrefix ?? ''
  if (Object.keys(refusals).length) {
    throw validationFailed(
      Object.fromEntries(Object.entries(refusals).map(([k, r]) => [`${prefix}${k}`, r])),
    )
  }
}

/** 422 on `campusId` unless the campus is the institute's. */
export async function assertCampus(tx: Db, instituteId: string, campusId: string) {
  const [campus] = await tx
    .select({ id: campuses.id })
    .from(campuses)
    .where(and(eq(campuses.id, campusId), eq(campuses.instituteId, instituteId)))
  if (!campus) throw validationFailed({ campusId: 'unknown_structure_item' })
}
