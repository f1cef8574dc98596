import * as v from 'valibot'
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  AcademicSessionInputSchema,
  AcademicSessionPatchSchema,
  StructureOrderSchema,
  type AcademicSession,
  AcademicSessionSchema,
} from '../../../shared/schemas/academic.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { academicSessions, sections } from '../../db/schema/academic.ts'
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
  list: 'session',
  table: academicSessions,
  id: academicSessions.id,
  instituteId: academicSessions.instituteId,
  name: academicSessions.name,
  position: academicSessions.position,
}
type SessionRow = typeof academicSessions.$inferSelect

const present = (r: SessionRow): AcademicSession => ({
  id: r.id,
  name: r.name,
  startsOn: r.startsOn,
  endsOn: r.endsOn,
  isCurrent: r.isCurrent,
  active: r.active,
  position: r.position,
})

async function listOf(db: Db, instituteId: string) {
  const rows = await db
    .select()
    .from(academicSessions)
    .where(eq(academicSessions.instituteId, instituteId))
    .orderBy(asc(academicSessions.position), asc(academicSessions.startsOn))
  return rows.map(present)
}

/**
 * Refuses dates that end before they start or overlap another session of the institute (both
 * days count). Called under the list's lock, so two overlapping sessions cannot both pass.
 */
async function assertDatesFit(
  tx: Db,
  instituteId: string,
  dates: { startsOn: string; endsOn: string },
  except?: string,
) {
  if (dates.endsOn <= dates.startsOn) throw validationFailed({ endsOn: 'end_before_start' })
  const [other] = await tx
    .select({ name: academicSessions.name })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.instituteId, instituteId),
        except ? ne(academicSessions.id, except) : undefined,
        lte(academicSessions.startsOn, dates.endsOn),
        gte(academicSessions.endsOn, dates.startsOn),
      ),
    )
    .limit(1)
  if (other) {
    const refusal = { code: 'sessions_overlap' as const, values: { name: other.name } }
    throw validationFailed({ startsOn: refusal, endsOn: refusal })
  }
}

/** Marking a session current takes the mark from the one that had it. */
async function clearCurrent(c: Context<AppEnv>, tx: Db, instituteId: string, except?: string) {
  const cleared = await tx
    .update(academicSessions)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(
      and(
        eq(academicSessions.instituteId, instituteId),
        eq(academicSessions.isCurrent, true),
        except ? ne(academicSessions.id, except) : undefined,
      ),
    )
    .returning()
  for (const row of cleared) {
    await auditStructure(c, tx, t, 'update', row.id, {
      before: { isCurrent: true },
      after: { isCurrent: false },
    })
  }
}

/** The institute's academic sessions (years); at most one is the current one. */
export const academicSessionRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: v.array(AcademicSessionSchema) }))
  .get('/', requireAuth(), readStructure(), async (c) =>
    c.json(await listOf(c.var.database.db, c.var.auth.instituteId)),
  )
  .post(
    '/',
    documented({ answers: AcademicSessionSchema, body: AcademicSessionInputSchema, status: 201 }),
  )
  .post('/', requireAuth(), requirePermission('create', 'institute'), async (c) => {
    const body = await readJson(c, AcademicSessionInputSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      await lockList(tx, auth.instituteId, 'session')
      await assertNameFree(tx, t, auth.instituteId, body.name)
      await assertDatesFit(tx, auth.instituteId, body)
      if (body.isCurrent) await clearCurrent(c, tx, auth.instituteId)
      const [row] = await tx
        .insert(academicSessions)
        .values({
          ...body,
          instituteId: auth.instituteId,
          position: await nextPosition(tx, t, auth.instituteId),
        })
        .returning()
      const item = present(row!)
      await auditStructure(c, tx, t, 'create', item.id, { after: item })
      return item
    })
    return c.json(created, 201)
  })
  .put(
    '/order',
    documented({ answers: v.array(AcademicSessionSchema), body: StructureOrderSchema }),
  )
  .put('/order', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const { ids } = await readJson(c, StructureOrderSchema)
    const { database, auth } = c.var
    const reordered = await database.db.transaction(async (tx) => {
      await lockList(tx, auth.instituteId, 'session')
      const before = await reorder(tx, t, auth.instituteId, ids)
      await auditStructure(c, tx, t, 'reorder', null, { before, after: ids })
      return listOf(tx, auth.instituteId)
    })
    return c.json(reordered)
  })
  .patch(
    '/:sessionId',
    documented({ answers: AcademicSessionSchema, body: AcademicSessionPatchSchema }),
  )
  .patch('/:sessionId', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const body = await readJson(c, AcademicSessionPatchSchema)
    const { database, auth } = c.var
    const updated = await database.db.transaction(async (tx) => {
      await lockList(tx, auth.instituteId, 'session')
      const row = await lockedItem<SessionRow>(tx, t, auth.instituteId, c.req.param('sessionId'))
      if (body.name !== undefined) {
        await assertNameFree(tx, t, auth.instituteId, body.name, { except: row.id })
      }
      if (body.startsOn !== undefined || body.endsOn !== undefined) {
        const dates = { startsOn: body.startsOn ?? row.startsOn, endsOn: body.endsOn ?? row.endsOn }
        await assertDatesFit(tx, auth.instituteId, dates, row.id)
      }
      if (body.isCurrent) await clearCurrent(c, tx, auth.instituteId, row.id)
      const [after] = await tx
        .update(academicSessions)
        .set({ ...body, updatedAt: new Date() })
        .where(rowKey(academicSessions, row.instituteId, row.id))
        .returning()
      const item = present(after!)
      await auditStructure(c, tx, t, 'update', row.id, { before: present(row), after: item })
      return item
    })
    return c.json(updated)
  })
  .delete('/:sessionId', documented({ status: 204 }))
  .delete('/:sessionId', requireAuth(), requirePermission('delete', 'institute'), async (c) => {
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const row = await lockedItem<SessionRow>(tx, t, auth.instituteId, c.req.param('sessionId'))
      refuseIfUsed([
        {
          what: 'sections',
          count: await countOf(tx, sections, eq(sections.academicSessionId, row.id)),
        },
        {
          what: 'forms',
          count: await countOf(tx, admissionForms, eq(admissionForms.academicSessionId, row.id)),
        },
        {
          what: 'students',
          count: await countOf(tx, enrolments, eq(enrolments.academicSessionId, row.id)),
        },
      ])
      await tx.delete(academicSessions).where(rowKey(academicSessions, row.instituteId, row.id))
      await auditStructure(c, tx, t, 'delete', row.id, { before: present(row) })
    })
    return c.body(null, 204)
  })
