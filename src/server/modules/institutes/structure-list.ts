import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import type { StructureList } from '../../../shared/schemas/academic.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { audit } from '../../lib/audit.ts'
import { permissionAreas } from '../../../shared/permissions/catalogue.ts'
import { requireAnyPermission } from '../../lib/auth.ts'
import { ApiException, conflict, validationFailed } from '../../lib/errors.ts'
import { isUuid } from '../../lib/ids.ts'

/** What the helpers below need of a list's table. */
export interface ListTable {
  list: StructureList
  table: PgTable
  id: PgColumn
  instituteId: PgColumn
  name: PgColumn
  position: PgColumn
}

/**
 * Reading the lists is open to whoever works with what is chosen from them: the institute's
 * own staff, admission (forms name a session, class and group), students, reports (which
 * narrow to a session, class, group or section), and SMS (whose audiences do).
 */
export const readStructure = () =>
  requireAnyPermission('read', [
    'institute',
    'admission',
    'students',
    'sms-notification',
    ...permissionAreas.reports,
  ])

const itemMissing = (list: StructureList) =>
  new ApiException(404, 'structure_item_missing', { list })

/**
 * Serialises the changes to one list of one institute until the transaction ends: positions are
 * handed out one after the other, and sessions are checked for overlap against settled dates.
 */
export async function lockList(tx: Db, instituteId: string, list: StructureList) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${list}:${instituteId}`}))`)
}

/** The item addressed by the path parameter, in the caller's institute, locked in `tx`. */
export async function lockedItem<T>(
  tx: Db,
  t: ListTable,
  instituteId: string,
  itemId: string,
): Promise<T> {
  if (!isUuid(itemId)) throw itemMissing(t.list)
  const [row] = await tx
    .select()
    .from(t.table)
    .where(and(eq(t.instituteId, instituteId), eq(t.id, itemId)))
    .for('update')
  if (!row) throw itemMissing(t.list)
  return row as T
}

/** The place after the last item of the list (or of the sections of one session and class). */
export async function nextPosition(tx: Db, t: ListTable, instituteId: string, scope?: SQL) {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${t.position}), 0)::int + 1` })
    .from(t.table)
    .where(and(eq(t.instituteId, instituteId), scope))
  return row!.next
}

/** 422 on `name` when another item of the list has it, whatever its case or spaces. */
export async function assertNameFree(
  tx: Db,
  t: ListTable,
  instituteId: string,
  name: string,
  { except, scope }: { except?: string; scope?: SQL } = {},
) {
  const [taken] = await tx
    .select({ id: t.id })
    .from(t.table)
    .where(
      and(
        eq(t.instituteId, instituteId),
        sql`lower(${t.name}) = lower(${name})`,
        except ? ne(t.id, except) : undefined,
        scope,
      ),
    )
    .limit(1)
  if (taken) throw validationFailed({ name: 'structure_name_taken' })
}

/** Sets the list's order to `ids`, which must be exactly its items (those in `scope`). */
export async function reorder(
  tx: Db,
  t: ListTable,
  instituteId: string,
  ids: string[],
  scope?: SQL,
) {
  const present = await tx
    .select({ id: t.id })
    .from(t.table)
    .where(and(eq(t.instituteId, instituteId), scope))
    .orderBy(asc(t.position))
  const known = new Set(present.map((r) => r.id as string))
  if (
    known.size !== ids.length ||
    new Set(ids).size !== ids.length ||
    !ids.every((id) => known.has(id))
  ) {
    throw conflict('order_mismatch')
  }
  const before = present.map((r) => r.id as string)
  for (const [index, id] of ids.entries()) {
    await tx.execute(
      sql`update ${t.table} set position = ${index + 1}, updated_at = now() where ${t.id} = ${id}`,
    )
  }
  return before
}

/** 409 naming the first use found, so the screen can say what keeps the item. */
export function refuseIfUsed(uses: { what: string; count: number }[]) {
  const use = uses.find((u) => u.count > 0)
  if (use) throw conflict('structure_in_use', { values: use })
}

/** How many rows of `table` match `where`. */
export async function countOf(tx: Db, table: PgTable, where: SQL | undefined) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(where)
  return row?.count ?? 0
}

/** The audit row of a change to one of the lists. */
export const auditStructure = (
  c: Context<AppEnv>,
  tx: Db,
  t: ListTable,
  action: string,
  entityId: string | null,
  change: { before?: unknown; after?: unknown },
) => audit(c, tx, { area: 'institutes', action, entity: `academic_${t.list}`, entityId, ...change })
