import * as v from 'valibot'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  GroupInputSchema,
  GroupPatchSchema,
  StructureOrderSchema,
  type Group,
  GroupSchema,
} from '../../../shared/schemas/academic.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { classes, groupClasses, groups } from '../../db/schema/academic.ts'
import { admissionForms } from '../../db/schema/admission.ts'
import { enrolments } from '../../db/schema/students.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { validationFailed } from '../../lib/errors.ts'
import { readJson } from '../../lib/validate.ts'
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
  list: 'group',
  table: groups,
  id: groups.id,
  instituteId: groups.instituteId,
  name: groups.name,
  position: groups.position,
}
type GroupRow = typeof groups.$inferSelect

/** The groups with the classes each is limited to, in the classes' order. */
async function presentAll(db: Db, rows: GroupRow[]): Promise<Group[]> {
  const links = rows.length
    ? await db
        .select({ groupId: groupClasses.groupId, classId: groupClasses.classId })
        .from(groupClasses)
        .innerJoin(classes, rowKey(classes, groupClasses.instituteId, groupClasses.classId))
        .where(
          inArray(
            groupClasses.groupId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(classes.position))
    : []
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    active: r.active,
    position: r.position,
    classIds: links.filter((l) => l.groupId === r.id).map((l) => l.classId),
  }))
}
const present = async (db: Db, row: GroupRow) => (await presentAll(db, [row]))[0]!

async function listOf(db: Db, instituteId: string) {
  const rows = await db
    .select()
    .from(groups)
    .where(eq(groups.instituteId, instituteId))
    .orderBy(asc(groups.position), asc(groups.name))
  return presentAll(db, rows)
}

/** Limits the group to these classes of the institute (none: every class). */
async function setClasses(tx: Db, instituteId: string, groupId: string, classIds: string[]) {
  const wanted = [...new Set(classIds)]
  if (wanted.length) {
    const found = await tx
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.instituteId, instituteId), inArray(classes.id, wanted)))
    if (found.length !== wanted.length) {
      throw validationFailed({ classIds: 'unknown_structure_item' })
    }
  }
  await tx.delete(groupClasses).where(eq(groupClasses.groupId, groupId))
  if (wanted.length) {
    await tx
      .insert(groupClasses)
      .values(wanted.map((classId) => ({ instituteId, groupId, classId })))
  }
}

/** The institute's groups (Science, Business, Humanities), maybe limited to some classes. */
export const groupRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: v.array(GroupSchema) }))
  .get('/', requireAuth(), readStructure(), async (c) =>
    c.json(await listOf(c.var.database.db, c.var.auth.instituteId)),
  )
  .post('/', documented({ answers: GroupSchema, body: GroupInputSchema, status: 201 }))
  .post('/', requireAuth(), requirePermission('create', 'institute'), async (c) => {
    const body = await readJson(c, GroupInputSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      await lockList(tx, auth.instituteId, 'group')
      await assertNameFree(tx, t, auth.instituteId, body.name)
      const [row] = await tx
        .insert(groups)
        .values({
          instituteId: auth.instituteId,
          name: body.name,
          active: body.active,
          position: await nextPosition(tx, t, auth.instituteId),
        })
        .returning()
      await setClasses(tx, auth.instituteId, row!.id, body.classIds)
      const item = await present(tx, row!)
      await auditStructure(c, tx, t, 'create', item.id, { after: item })
      return item
    })
    return c.json(created, 201)
  })
  .put('/order', documented({ answers: v.array(GroupSchema), body: StructureOrderSchema }))
  .put('/order', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const { ids } = await readJson(c, StructureOrderSchema)
    const { database, auth } = c.var
    const reordered = await database.db.transaction(async (tx) => {
      await lockList(tx, auth.instituteId, 'group')
      const before = await reorder(tx, t, auth.instituteId, ids)
      await auditStructure(c, tx, t, 'reorder', null, { before, after: ids })
      return listOf(tx, auth.instituteId)
    })
    return c.json(reordered)
  })
  .patch('/:groupId', documented({ answers: GroupSchema, body: GroupPatchSchema }))
  .patch('/:groupId', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const { classIds, ...body } = await readJson(c, GroupPatchSchema)
    const { database, auth } = c.var
    const updated = await database.db.transaction(async (tx) => {
      const row = await lockedItem<GroupRow>(tx, t, auth.instituteId, c.req.param('groupId'))
      const before = await present(tx, row)
      if (body.name !== undefined) {
        await assertNameFree(tx, t, auth.instituteId, body.name, { except: row.id })
      }
      const [after] = await tx
        .update(groups)
        .set({ ...body, updatedAt: new Date() })
        .where(rowKey(groups, row.instituteId, row.id))
        .returning()
      if (classIds) await setClasses(tx, auth.instituteId, row.id, classIds)
      const item = await present(tx, after!)
      await auditStructure(c, tx, t, 'update', row.id, { before, after: item })
      return item
    })
    return c.json(updated)
  })
  .delete('/:groupId', documented({ status: 204 }))
  .delete('/:groupId', requireAuth(), requirePermission('delete', 'institute'), async (c) => {
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const row = await lockedItem<GroupRow>(tx, t, auth.instituteId, c.req.param('groupId'))
      refuseIfUsed([
        {
          what: 'forms',
          count: await countOf(tx, admissionForms, eq(admissionForms.groupId, row.id)),
        },
        { what: 'students', count: await countOf(tx, enrolments, eq(enrolments.groupId, row.id)) },
      ])
      const before = await present(tx, row)
      // Its class links go with it (cascade).
      await tx.delete(groups).where(rowKey(groups, row.instituteId, row.id))
      await auditStructure(c, tx, t, 'delete', row.id, { before })
    })
    return c.body(null, 204)
  })
