import { Hono, type Context } from 'hono'
import {
  accountLevels,
  CreateAccountSchema,
  UpdateAccountSchema,
  type Account,
  ChartSchema,
  AccountListSchema,
  AccountSchema,
} from '../../../shared/schemas/accounting.ts'
import { AccountListQuerySchema } from '../../../shared/schemas/accounting-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, validationFailed } from '../../lib/errors.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { accountOf, glCodeTaken, isMapped, loadChart, nextGlCode } from './account-read.ts'
import { createAccount, deleteAccount, moveAccount, updateAccount } from './account-write.ts'
import { coaSettingsOf } from './fiscal-year.ts'
import { documented } from '../../lib/openapi/documented.ts'

const auditView = (a: Account) => ({ glCode: a.glCode, name: a.name, isActive: a.isActive })

async function accountOr404(c: Context<AppEnv>) {
  const row = await accountOf(
    c.var.database.db,
    c.var.auth.instituteId,
    c.req.param('accountId') ?? '',
  )
  if (!row) throw notFound('account_not_found')
  return row
}

/** One account as the chart shows it; pass the transaction when inside one. */
const describe = async (c: Context<AppEnv>, id: string, db: Db = c.var.database.db) =>
  (await loadChart(db, c.var.auth.instituteId)).find((a) => a.id === id)!

const sorters: Record<string, (a: Account, b: Account) => number> = {
  glCode: (a, b) => a.glCode.localeCompare(b.glCode),
  name: (a, b) => a.name.localeCompare(b.name),
  accountType: (a, b) =>
    a.accountType.localeCompare(b.accountType) || a.glCode.localeCompare(b.glCode),
  level: (a, b) => a.level - b.level || a.glCode.localeCompare(b.glCode),
}

/** The chart of accounts (§2 /coa): a five-level tree per institute. */
export const accountRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: ChartSchema }))
  .get('/', requireAuth(), requirePermission('read', 'coa'), async (c) =>
    c.json({ data: await loadChart(c.var.database.db, c.var.auth.instituteId) }),
  )

  // §7: a COA list takes q, perPage, page, sortBy, sortDesc.
  .get('/list', documented({ answers: AccountListSchema, query: AccountListQuerySchema }))
  .get('/list', requireAuth(), requirePermission('read', 'coa'), async (c) => {
    const query = readQuery(c, AccountListQuerySchema)
    const q = query.q.toLowerCase()
    const matching = (await loadChart(c.var.database.db, c.var.auth.instituteId))
      .filter((a) => !query.accountType || a.accountType === query.accountType)
      .filter((a) => !q || a.name.toLowerCase().includes(q) || a.glCode.startsWith(q))
      .sort(sorters[query.sortBy ?? 'glCode'])
    if (query.sortDesc) matching.reverse()
    const start = (query.page - 1) * query.perPage
    return c.json({
      data: matching.slice(start, start + query.perPage),
      total: matching.length,
      page: query.page,
      perPage: query.perPage,
    })
  })

  .post('/', documented({ answers: AccountSchema, body: CreateAccountSchema, status: 201 }))
  .post('/', requireAuth(), requirePermission('create', 'coa'), async (c) => {
    const body = await readJson(c, CreateAccountSchema)
    const { database, auth } = c.var
    const parent = await accountOf(database.db, auth.instituteId, body.parentId)
    if (!parent) throw validationFailed({ parentId: 'unknown_account' })
    if (parent.level >= accountLevels) {
      throw validationFailed({ parentId: 'head_too_deep' })
    }
    const { levelDigits } = await coaSettingsOf(database.db, auth.instituteId)
    const digits = levelDigits[parent.level]!
    let glCode = body.glCode
    if (glCode === undefined) {
      glCode = await nextGlCode(database.db, parent, digits)
      if (!glCode) throw validationFailed({ glCode: 'no_free_code' })
    } else if (
      !glCode.startsWith(parent.glCode) ||
      glCode.length !== parent.glCode.length + digits
    ) {
      throw validationFailed({
        glCode: { code: 'gl_code_shape', values: { parent: parent.glCode, digits } },
      })
    }
    if (await glCodeTaken(database.db, auth.instituteId, glCode)) {
      throw validationFailed({ glCode: 'gl_code_taken' })
    }
    const id = await database.db.transaction(async (tx) => {
      const row = await createAccount(tx, auth.instituteId, parent, { glCode, name: body.name })
      await audit(c, tx, {
        area: 'accounting',
        action: 'create',
        entity: 'account',
        entityId: row.id,
        after: { glCode: row.glCode, name: row.name, parent: parent.glCode },
      })
      return row.id
    })
    return c.json(await describe(c, id), 201)
  })

  .patch('/:accountId', documented({ answers: AccountSchema, body: UpdateAccountSchema }))
  .patch('/:accountId', requireAuth(), requirePermission('update', 'coa'), async (c) => {
    const row = await accountOr404(c)
    const body = await readJson(c, UpdateAccountSchema)
    if (row.level === 1) throw conflict('account_type_root')
    const { database, auth } = c.var
    const before = await describe(c, row.id)
    const after = await database.db.transaction(async (tx) => {
      if (body.parentId && body.parentId !== row.parentId) {
        await moveAccount(tx, auth.instituteId, row, body.parentId)
      }
      const changes = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.isActive !== undefined && { isActive: body.isActive }),
      }
      await updateAccount(tx, row, changes)
      const updated = await describe(c, row.id, tx)
      await audit(c, tx, {
        area: 'accounting',
        action: body.parentId && body.parentId !== row.parentId ? 'move' : 'update',
        entity: 'account',
        entityId: row.id,
        before: auditView(before),
        after: auditView(updated),
      })
      return updated
    })
    return c.json(after)
  })

  .delete('/:accountId', documented({}))
  .delete('/:accountId', requireAuth(), requirePermission('delete', 'coa'), async (c) => {
    const row = await accountOr404(c)
    const { database } = c.var
    const account = await describe(c, row.id)
    if (row.level === 1) throw conflict('account_type_root_delete')
    if (!account.isLeaf) throw conflict('has_children')
    if (account.hasPostings) {
      throw conflict('has_postings_delete')
    }
    if (await isMapped(database.db, [row.id])) {
      throw conflict('mapped')
    }
    await database.db.transaction(async (tx) => {
      await deleteAccount(tx, row)
      await audit(c, tx, {
        area: 'accounting',
        action: 'delete',
        entity: 'account',
        entityId: row.id,
        before: auditView(account),
      })
    })
    return c.json({ status: true })
  })
