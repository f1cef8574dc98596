import { Hono } from 'hono'
import {
  FeeConfigCopySchema,
  FeeConfigQuerySchema,
  FeeConfigSaveSchema,
  FeeConfigCopyResultSchema,
  FeeConfigGridSchema,
  FeeConfigSaveResultSchema,
} from '../../../../shared/schemas/fee-setup.ts'
import type { AppEnv } from '../../../app-env.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { validationFailed } from '../../../lib/errors.ts'
import { readJson, readQuery } from '../../../lib/validate.ts'
import { checkScope, currentSessionId, gridCells } from './fee-config-read.ts'
import { copyConfigs, saveCells } from './fee-config-write.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/**
 * /fees/configs: the fee configuration grid (classes × heads for a session, optionally one
 * campus and one group), saved a set of changed cells at a time, and a whole session's
 * configuration copied to another. Each save is one audit row with the cells before and after.
 */
export const feeConfigRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: FeeConfigGridSchema, query: FeeConfigQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'std-fee-config'), async (c) => {
    const query = readQuery(c, FeeConfigQuerySchema)
    const { database, auth } = c.var
    const academicSessionId =
      query.academicSessionId ?? (await currentSessionId(database.db, auth.instituteId))
    if (!academicSessionId) return c.json({ cells: [] })
    const scope = { ...query, academicSessionId }
    await checkScope(database.db, auth.instituteId, scope)
    return c.json({ cells: await gridCells(database.db, auth.instituteId, scope) })
  })

  .put('/', documented({ answers: FeeConfigSaveResultSchema, body: FeeConfigSaveSchema }))

  .put('/', requireAuth(), requirePermission('update', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeConfigSaveSchema)
    const { database, auth } = c.var
    const { changes, ...scope } = body
    const writer = { instituteId: auth.instituteId, userId: auth.user.id }
    const changed = await database.db.transaction(async (tx) => {
      const { before, after } = await saveCells(tx, writer, scope, changes)
      const count = Object.keys(after).length
      if (count > 0) {
        await audit(c, tx, {
          area: 'fees',
          action: 'update',
          entity: 'fee_config',
          entityId: scope.academicSessionId,
          before: { scope, amounts: before },
          after: { scope, amounts: after },
        })
      }
      return count
    })
    return c.json({ cells: await gridCells(database.db, auth.instituteId, scope), changed })
  })

  .post('/copy', documented({ answers: FeeConfigCopyResultSchema, body: FeeConfigCopySchema }))

  .post('/copy', requireAuth(), requirePermission('create', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeConfigCopySchema)
    const { database, auth } = c.var
    if (body.fromSessionId === body.toSessionId) {
      throw validationFailed({ toSessionId: 'fee_copy_same_session' })
    }
    const writer = { instituteId: auth.instituteId, userId: auth.user.id }
    const result = await database.db.transaction(async (tx) => {
      const { from, to, copied, skipped } = await copyConfigs(tx, writer, body)
      await audit(c, tx, {
        area: 'fees',
        action: 'copy',
        entity: 'fee_config',
        entityId: to.id,
        after: {
          fromSession: from.name,
          toSession: to.name,
          changeBp: body.changeBp,
          rounding: body.rounding,
          copied,
          skipped,
        },
      })
      return { copied, skipped }
    })
    return c.json(result)
  })
