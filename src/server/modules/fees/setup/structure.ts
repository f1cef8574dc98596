import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { FeeStructureSchema, type FeeStructure } from '../../../../shared/schemas/fee-setup.ts'
import type { AppEnv } from '../../../app-env.ts'
import {
  academicSessions,
  classes,
  groupClasses,
  groups,
  sections,
} from '../../../db/schema/academic.ts'
import { campuses } from '../../../db/schema/institutes.ts'
import { requireAuth } from '../../../lib/auth.ts'
import { readFees } from './setup-read.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/**
 * /fees/structure: the sessions, classes, sections, groups and campuses the fee screens choose from, in
 * one read, for whoever holds a fee permission (without the institute's own structure rights).
 */
export const feeStructureRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: FeeStructureSchema }))
  .get('/', requireAuth(), readFees(), async (c) => {
    const db = c.var.database.db
    const instituteId = c.var.auth.instituteId
    const [sessionRows, classRows, sectionRows, groupRows, limits, campusRows] = await Promise.all([
      db
        .select()
        .from(academicSessions)
        .where(eq(academicSessions.instituteId, instituteId))
        .orderBy(asc(academicSessions.startsOn)),
      db
        .select()
        .from(classes)
        .where(eq(classes.instituteId, instituteId))
        .orderBy(asc(classes.position)),
      db
        .select()
        .from(sections)
        .where(eq(sections.instituteId, instituteId))
        .orderBy(asc(sections.position), asc(sections.name)),
      db
        .select()
        .from(groups)
        .where(eq(groups.instituteId, instituteId))
        .orderBy(asc(groups.position)),
      db.select().from(groupClasses).where(eq(groupClasses.instituteId, instituteId)),
      db
        .select()
        .from(campuses)
        .where(eq(campuses.instituteId, instituteId))
        .orderBy(asc(campuses.position), asc(campuses.name)),
    ])
    return c.json<FeeStructure>({
      sessions: sessionRows.map((s) => ({
        id: s.id,
        name: s.name,
        startsOn: s.startsOn,
        endsOn: s.endsOn,
        isCurrent: s.isCurrent,
        active: s.active,
      })),
      classes: classRows.map((r) => ({ id: r.id, name: r.name, active: r.active })),
      sections: sectionRows.map((r) => ({
        id: r.id,
        name: r.name,
        academicSessionId: r.academicSessionId,
        classId: r.classId,
        active: r.active,
      })),
      groups: groupRows.map((g) => ({
        id: g.id,
        name: g.name,
        active: g.active,
        classIds: limits.filter((l) => l.groupId === g.id).map((l) => l.classId),
      })),
      campuses: campusRows.map((r) => ({ id: r.id, name: r.name, active: r.active })),
    })
  })
