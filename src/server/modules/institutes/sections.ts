import * as v from 'valibot'
import { and, asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  SectionInputSchema,
  SectionListQuerySchema,
  SectionPatchSchema,
  StructureOrderSchema,
  type Section,
  SectionSchema,
} from '../../../shared/schemas/academic.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, classes, sections } from '../../db/schema/academic.ts'
import { enrolments } from '../../db/schema/students.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, validationFailed } from '../../lib/errors.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import {
  assertNameFree,
  auditStructure,
  countOf,
  lockedItem,
  lockList,
  nextPosition,
  readStructure,
  refuseIfUsed,
  reorder,
  type ListTable,
} from './structure-list.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { documented } from '../../lib/openapi/documented.ts'

const t: ListTable = {
  list: 'section',
  table: sections,
  id: sections.id,
  instituteId: sections.instituteId,
  name: sections.name,
  position: sections.position,
}
type SectionRow = typeof sections.$inferSelect

const present = (r: SectionRow): Section => ({
  id: r.id,
  academicSessionId: r.academicSessionId,
  classId: r.classId,
  name: r.name,
  capacity: r.capacity,
  active: r.active,
  position: r.position,
})

/** A section's names and places are counted within its session and class. */
const scopeOf = (s: { academicSessionId: string; classId: string }) =>
  and(eq(sections.academicSessionId, s.academicSessionId), eq(sections.classId, s.classId))

/** 422 on the field naming a session or class that is not the institute's. */
async function assertScopeKnown(
  tx: Db,
  instituteId: string,
  s: { academicSessionId: string; classId: string },
) {
  const [session] = await tx
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.instituteId, instituteId),
        eq(academicSessions.id, s.academicSessionId),
      ),
    )
  const [known] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.instituteId, instituteId), eq(classes.id, s.classId)))
  if (!session || !known) {
    throw validationFailed({
      ...(!session && { academicSessionId: 'unknown_structure_item' }),
      ...(!known && { classId: 'unknown_structure_item' }),
    })
  }
}

/** The sections (A, B …) of each class in each session. */
export const sectionRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: v.array(SectionSchema), query: SectionListQuerySchema }))
  .get('/', requireAuth(), readStructure(), async (c) => {
    const query = readQuery(c, SectionListQuerySchema)
    const rows = await c.var.database.db
      .select({ section: sections })
      .from(sections)
      .innerJoin(classes, rowKey(classes, sections.instituteId, sections.classId))
      .where(
        and(
          eq(sections.instituteId, c.var.auth.instituteId),
          query.academicSessionId
            ? eq(sections.academicSessionId, query.academicSessionId)
            : undefined,
          query.classId ? eq(sections.classId, query.classId) : undefined,
        ),
      )
      .orderBy(asc(classes.position), asc(sections.position), asc(sections.name))
    return c.json(rows.map((r) => present(r.section)))
  })
  .post('/', documented({ answers: SectionSchema, body: SectionInputSchema, status: 201 }))
  .post('/', requireAuth(), requirePermission('create', 'institute'), async (c) => {
    const body = await readJson(c, SectionInputSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      await lockList(tx, auth.instituteId, 'section')
      await assertScopeKnown(tx, auth.instituteId, body)
      await assertNameFree(tx, t, auth.instituteId, body.name, { scope: scopeOf(body) })
      const [row] = await tx
        .insert(sections)
        .values({
          ...body,
          instituteId: auth.instituteId,
          position: await nextPosition(tx, t, auth.instituteId, scopeOf(body)),
        })
        .returning()
      const item = present(row!)
      await auditStructure(c, tx, t, 'create', item.id, { after: item })
      return item
    })
    return c.json(created, 201)
  })
  .put('/order', documented({ answers: v.array(SectionSchema), body: StructureOrderSchema }))
  .put('/order', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const { ids } = await readJson(c, StructureOrderSchema)
    const { database, auth } = c.var
    const reordered = await database.db.transaction(async (tx) => {
      await lockList(tx, auth.instituteId, 'section')
      // The order of one session's sections of one class: the first names which.
      const [first] = await tx
        .select()
        .from(sections)
        .where(and(eq(sections.instituteId, auth.instituteId), eq(sections.id, ids[0]!)))
      if (!first) throw conflict('order_mismatch')
      const before = await reorder(tx, t, auth.instituteId, ids, scopeOf(first))
      await auditStructure(c, tx, t, 'reorder', null, { before, after: ids })
      const rows = await tx
        .select()
        .from(sections)
        .where(and(eq(sections.instituteId, auth.instituteId), scopeOf(first)))
        .orderBy(asc(sections.position))
      return rows.map(present)
    })
    return c.json(reordered)
  })
  .patch('/:sectionId', documented({ answers: SectionSchema, body: SectionPatchSchema }))
  .patch('/:sectionId', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const body = await readJson(c, SectionPatchSchema)
    const { database, auth } = c.var
    const updated = await database.db.transaction(async (tx) => {
      const row = await lockedItem<SectionRow>(tx, t, auth.instituteId, c.req.param('sectionId'))
      if (body.name !== undefined) {
        await assertNameFree(tx, t, auth.instituteId, body.name, {
          except: row.id,
          scope: scopeOf(row),
        })
      }
      const [after] = await tx
        .update(sections)
        .set({ ...body, updatedAt: new Date() })
        .where(rowKey(sections, row.instituteId, row.id))
        .returning()
      const item = present(after!)
      await auditStructure(c, tx, t, 'update', row.id, { before: present(row), after: item })
      return item
    })
    return c.json(updated)
  })
  .delete('/:sectionId', documented({ status: 204 }))
  .delete('/:sectionId', requireAuth(), requirePermission('delete', 'institute'), async (c) => {
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const row = await lockedItem<SectionRow>(tx, t, auth.instituteId, c.req.param('sectionId'))
      refuseIfUsed([
        {
          what: 'students',
          count: await countOf(tx, enrolments, eq(enrolments.sectionId, row.id)),
        },
      ])
      await tx.delete(sections).where(rowKey(sections, row.instituteId, row.id))
      await auditStructure(c, tx, t, 'delete', row.id, { before: present(row) })
    })
    return c.body(null, 204)
  })
