import { and, asc, count, eq, ne } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  CampusInputSchema,
  type Campus,
  type CampusInput,
  CampusListSchema,
  CampusSchema,
} from '../../../shared/schemas/institutes.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { audit } from '../../lib/audit.ts'
import { permissionAreas } from '../../../shared/permissions/catalogue.ts'
import { requireAnyPermission, requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, postgresErrorCode } from '../../lib/errors.ts'
import { readJson } from '../../lib/validate.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { pathId } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'

type CampusRow = typeof campuses.$inferSelect

const present = (row: CampusRow): Campus => ({
  id: row.id,
  name: row.name,
  code: row.code,
  address: row.address,
  active: row.active,
  position: row.position,
})

const codeTaken = () => conflict('campus_code_taken', { fields: { code: 'campus_code_taken' } })

async function codeUsed(tx: Db, instituteId: string, code: string, except?: string) {
  const [row] = await tx
    .select({ id: campuses.id })
    .from(campuses)
    .where(
      and(
        eq(campuses.instituteId, instituteId),
        eq(campuses.code, code),
        ...(except ? [ne(campuses.id, except)] : []),
      ),
    )
  return row !== undefined
}

/** The campus of the caller's institute, locked for the change; 404 for anyone else's. */
async function lockedCampus(c: Context<AppEnv>, tx: Db): Promise<CampusRow> {
  const id = pathId(c.req.param('campusId'), 'campus_not_found')
  const [row] = await tx
    .select()
    .from(campuses)
    .where(and(eq(campuses.instituteId, c.var.auth.instituteId), eq(campuses.id, id)))
    .for('update')
  if (!row) throw notFound('campus_not_found')
  return row
}

/** Other active campuses of the institute: one must stay, to put students and money in. */
async function otherActive(tx: Db, row: CampusRow) {
  const [row2] = await tx
    .select({ n: count() })
    .from(campuses)
    .where(
      and(
        eq(campuses.instituteId, row.instituteId),
        eq(campuses.active, true),
        ne(campuses.id, row.id),
      ),
    )
  return row2?.n ?? 0
}

const valuesOf = (body: CampusInput & { code: string }) => ({
  name: body.name,
  code: body.code,
  address: body.address ?? '',
  active: body.active ?? true,
  position: body.position ?? 0,
})

/** /campuses: an institute's campuses; each keeps at least one active. */
export const campusRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: CampusListSchema }))
  // Chosen from by reports and SMS audiences too, which narrow to a campus.
  .get(
    '/',
    requireAuth(),
    requireAnyPermission('read', ['institute', 'sms-notification', ...permissionAreas.reports]),
    async (c) => {
      const rows = await c.var.database.db
        .select()
        .from(campuses)
        .where(eq(campuses.instituteId, c.var.auth.instituteId))
        .orderBy(asc(campuses.position), asc(campuses.name), asc(campuses.id))
      return c.json({ data: rows.map(present) })
    },
  )

  .post('/', documented({ answers: CampusSchema, body: CampusInputSchema, status: 201 }))
  .post('/', requireAuth(), requirePermission('create', 'institute'), async (c) => {
    const body = await readJson(c, CampusInputSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      if (await codeUsed(tx, auth.instituteId, body.code)) throw codeTaken()
      const [row] = await tx
        .insert(campuses)
        .values({ ...valuesOf(body), instituteId: auth.instituteId })
        .returning()
      const campus = present(row!)
      await audit(c, tx, {
        area: 'institutes',
        action: 'create',
        entity: 'campus',
        entityId: campus.id,
        after: campus,
      })
      return campus
    })
    return c.json<Campus>(created, 201)
  })

  .put('/:campusId', documented({ answers: CampusSchema, body: CampusInputSchema }))
  .put('/:campusId', requireAuth(), requirePermission('update', 'institute'), async (c) => {
    const body = await readJson(c, CampusInputSchema)
    const { database, auth } = c.var
    const updated = await database.db.transaction(async (tx) => {
      const row = await lockedCampus(c, tx)
      if (await codeUsed(tx, auth.instituteId, body.code, row.id)) throw codeTaken()
      const values = valuesOf(body)
      if (row.active && !values.active && (await otherActive(tx, row)) === 0) {
        throw conflict('last_active_campus')
      }
      const [saved] = await tx
        .update(campuses)
        .set(values)
        .where(rowKey(campuses, row.instituteId, row.id))
        .returning()
      const after = present(saved!)
      await audit(c, tx, {
        area: 'institutes',
        action: row.active === after.active ? 'update' : after.active ? 'reactivate' : 'deactivate',
        entity: 'campus',
        entityId: row.id,
        before: present(row),
        after,
      })
      return after
    })
    return c.json<Campus>(updated)
  })

  .delete('/:campusId', documented({ status: 204 }))
  .delete('/:campusId', requireAuth(), requirePermission('delete', 'institute'), async (c) => {
    const { database } = c.var
    await database.db.transaction(async (tx) => {
      const row = await lockedCampus(c, tx)
      if (row.active && (await otherActive(tx, row)) === 0) throw conflict('last_active_campus')
      // Whatever refers to a campus (students, collections…) does so by foreign key: a campus
      // still referred to stays, and can be deactivated instead.
      await tx
        .delete(campuses)
        .where(rowKey(campuses, row.instituteId, row.id))
        .catch((err: unknown) => {
          throw postgresErrorCode(err) === '23503' ? conflict('campus_in_use') : err
        })
      await audit(c, tx, {
        area: 'institutes',
        action: 'delete',
        entity: 'campus',
        entityId: row.id,
        before: present(row),
      })
    })
    return c.body(null, 204)
  })
