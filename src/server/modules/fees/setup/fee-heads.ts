import { Hono, type Context } from 'hono'
import { FeeHeadInputSchema } from '../../../../shared/schemas/fee-setup.ts'
import {
  type FeeHead,
  FeeHeadListSchema,
  FeeHeadSchema,
} from '../../../../shared/schemas/fee-heads.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { audit } from '../../../lib/audit.ts'
import { permissionAreas } from '../../../../shared/permissions/catalogue.ts'
import { requireAnyPermission, requireAuth, requirePermission } from '../../../lib/auth.ts'
import { readJson } from '../../../lib/validate.ts'
import { listHeads } from './fee-head-read.ts'
import {
  createHead,
  deleteHead,
  lockedHead,
  uniqueClash,
  updateHead,
  type HeadRow,
} from './fee-head-write.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/** The audit's view of a head: what a person would compare. */
const audited = (row: HeadRow, account: string) => ({
  name: row.name,
  code: row.code,
  kind: row.kind,
  account,
  priority: row.priority,
  active: row.active,
})

/** The head the path names, locked. */
const headOf = (c: Context<AppEnv>, tx: Db) =>
  lockedHead(tx, c.var.auth.instituteId, pathId(c.req.param('headId'), 'fee_head_not_found'))

/**
 * /fees/heads: the fee heads (tuition, admission, exam …) with their income accounts. Every
 * fee screen reads them; changing them is the fee configuration's right.
 */
export const feeHeadRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: FeeHeadListSchema }))
  // Chosen from by reports too, which narrow to a head.
  .get(
    '/',
    requireAuth(),
    requireAnyPermission('read', [...permissionAreas.fees, ...permissionAreas.reports]),
    async (c) => c.json({ data: await listHeads(c.var.database.db, c.var.auth.instituteId) }),
  )

  .post('/', documented({ answers: FeeHeadSchema, body: FeeHeadInputSchema, status: 201 }))

  .post('/', requireAuth(), requirePermission('create', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeHeadInputSchema)
    const { database, auth } = c.var
    const id = await database.db
      .transaction(async (tx) => {
        const { row, account } = await createHead(tx, auth.instituteId, body)
        await audit(c, tx, {
          area: 'fees',
          action: 'create',
          entity: 'fee_head',
          entityId: row.id,
          after: audited(row, account),
        })
        return row.id
      })
      .catch((err: unknown) => {
        throw uniqueClash(err)
      })
    const [head] = await listHeads(database.db, auth.instituteId, id)
    return c.json<FeeHead>(head!, 201)
  })

  .put('/:headId', documented({ answers: FeeHeadSchema, body: FeeHeadInputSchema }))

  .put('/:headId', requireAuth(), requirePermission('update', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeHeadInputSchema)
    const { database, auth } = c.var
    const id = await database.db
      .transaction(async (tx) => {
        const row = await headOf(c, tx)
        const { saved, accountBefore, account } = await updateHead(tx, auth.instituteId, row, body)
        await audit(c, tx, {
          area: 'fees',
          action:
            row.active === saved.active ? 'update' : saved.active ? 'reactivate' : 'deactivate',
          entity: 'fee_head',
          entityId: row.id,
          before: audited(row, accountBefore),
          after: audited(saved, account),
        })
        return row.id
      })
      .catch((err: unknown) => {
        throw uniqueClash(err)
      })
    const [head] = await listHeads(database.db, auth.instituteId, id)
    return c.json<FeeHead>(head!)
  })

  .delete('/:headId', documented({ status: 204 }))

  .delete('/:headId', requireAuth(), requirePermission('delete', 'std-fee-config'), async (c) => {
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const row = await headOf(c, tx)
      await deleteHead(tx, auth.instituteId, row)
      await audit(c, tx, {
        area: 'fees',
        action: 'delete',
        entity: 'fee_head',
        entityId: row.id,
        before: { name: row.name, code: row.code, kind: row.kind },
      })
    })
    return c.body(null, 204)
  })
