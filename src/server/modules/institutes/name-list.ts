import * as v from 'valibot'
import { and, asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  ClassInputSchema,
  ClassSchema,
  ClassPatchSchema,
  StructureOrderSchema,
  type SchoolClass,
} from '../../../shared/schemas/academic.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import type { classes, shifts } from '../../db/schema/academic.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { readJson } from '../../lib/validate.ts'
import {
  assertNameFree,
  auditStructure,
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

/** A list whose items are just a name (classes, shifts): its table has the common columns. */
type NameTable = typeof classes | typeof shifts
type NameRow = NameTable['$inferSelect']

const present = (r: NameRow): SchoolClass => ({
  id: r.id,
  name: r.name,
  active: r.active,
  position: r.position,
})

/**
 * List, create, rename or (de)activate, delete and reorder a list of names. `usesOf` counts
 * what refers to an item, which keeps it from being deleted.
 */
export function nameListRoutes(
  table: NameTable,
  list: 'class' | 'shift',
  usesOf: (tx: Db, instituteId: string, id: string) => Promise<{ what: string; count: number }[]>,
) {
  const t: ListTable = {
    list,
    table,
    id: table.id,
    instituteId: table.instituteId,
    name: table.name,
    position: table.position,
  }
  const param = `${list}Id`
  const listOf = async (db: Db, instituteId: string) => {
    const rows = await db
      .select()
      .from(table)
      .where(eq(table.instituteId, instituteId))
      .orderBy(asc(table.position), asc(table.name))
    return rows.map(present)
  }
  return new Hono<AppEnv>()
    .get('/', documented({ answers: v.array(ClassSchema) }))
    .get('/', requireAuth(), readStructure(), async (c) =>
      c.json(await listOf(c.var.database.db, c.var.auth.instituteId)),
    )
    .post('/', documented({ body: ClassInputSchema, status: 201, answers: ClassSchema }))
    .post('/', requireAuth(), requirePermission('create', 'institute'), async (c) => {
      const body = await readJson(c, ClassInputSchema)
      const { database, auth } = c.var
      const created = await database.db.transaction(async (tx) => {
        await lockList(tx, auth.instituteId, list)
        await assertNameFree(tx, t, auth.instituteId, body.name)
        const [row] = await tx
          .insert(table)
          .values({
            instituteId: auth.instituteId,
            name: body.name,
            active: body.active,
            position: await nextPosition(tx, t, auth.instituteId),
          })
          .returning()
        const item = present(row!)
        await auditStructure(c, tx, t, 'create', item.id, { after: item })
        return item
      })
      return c.json(created, 201)
    })
    .put('/order', documented({ body: StructureOrderSchema, answers: v.array(ClassSchema) }))
    .put('/order', requireAuth(), requirePermission('update', 'institute'), async (c) => {
      const { ids } = await readJson(c, StructureOrderSchema)
      const { database, auth } = c.var
      const reordered = await database.db.transaction(async (tx) => {
        await lockList(tx, auth.instituteId, list)
        const before = await reorder(tx, t, auth.instituteId, ids)
        await auditStructure(c, tx, t, 'reorder', null, { before, after: ids })
        return listOf(tx, auth.instituteId)
      })
      return c.json(reordered)
    })
    .patch(`/:${param}`, documented({ answers: ClassSchema, body: ClassPatchSchema }))
    .patch(`/:${param}`, requireAuth(), requirePermission('update', 'institute'), async (c) => {
      const body = await readJson(c, ClassPatchSchema)
      const { database, auth } = c.var
      const updated = await database.db.transaction(async (tx) => {
        const row = await lockedItem<NameRow>(tx, t, auth.instituteId, c.req.param(param) ?? '')
        if (body.name !== undefined) {
          await assertNameFree(tx, t, auth.instituteId, body.name, { except: row.id })
        }
        const [after] = await tx
          .update(table)
          .set({ ...body, updatedAt: new Date() })
          .where(rowKey(table, row.instituteId, row.id))
          .returning()
        const item = present(after!)
        await auditStructure(c, tx, t, 'update', row.id, { before: present(row), after: item })
        return item
      })
      return c.json(updated)
    })
    .delete(`/:${param}`, documented({ status: 204 }))
    .delete(`/:${param}`, requireAuth(), requirePermission('delete', 'institute'), async (c) => {
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const row = await lockedItem<NameRow>(tx, t, auth.instituteId, c.req.param(param) ?? '')
        refuseIfUsed(await usesOf(tx, auth.instituteId, row.id))
        await tx.delete(table).where(and(rowKey(table, row.instituteId, row.id)))
        await auditStructure(c, tx, t, 'delete', row.id, { before: present(row) })
      })
      return c.body(null, 204)
    })
}
