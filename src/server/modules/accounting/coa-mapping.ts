import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  mappingPurposeNames,
  mappingPurposes,
  SetMappingSchema,
  type CoaMapping,
  type MappingPurpose,
  CoaMappingListSchema,
  CoaMappingSchema,
} from '../../../shared/schemas/accounting.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { accounts, coaMappings } from '../../db/schema/accounting.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { loadChart } from './account-read.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { documented } from '../../lib/openapi/documented.ts'

const DeleteMappingQuery = v.object({
  purpose: v.picklist(mappingPurposeNames, 'unknown_purpose'),
  key: v.optional(v.string(), ''),
})

async function listMappings(db: Db, instituteId: string): Promise<CoaMapping[]> {
  const rows = await db
    .select({
      purpose: coaMappings.purpose,
      key: coaMappings.key,
      accountId: coaMappings.accountId,
      glCode: accounts.glCode,
      accountName: accounts.name,
    })
    .from(coaMappings)
    .innerJoin(accounts, rowKey(accounts, coaMappings.instituteId, coaMappings.accountId))
    .where(eq(coaMappings.instituteId, instituteId))
    .orderBy(coaMappings.purpose, coaMappings.key)
  return rows.map((r) => ({ ...r, purpose: r.purpose as MappingPurpose, key: r.key || null }))
}

/** §2 /coa-mapping: which leaf account each purpose posts to. */
export const coaMappingRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: CoaMappingListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'coa-mapping'), async (c) =>
    c.json({ data: await listMappings(c.var.database.db, c.var.auth.instituteId) }),
  )

  .put('/', documented({ answers: CoaMappingSchema, body: SetMappingSchema }))
  .put('/', requireAuth(), requirePermission('update', 'coa-mapping'), async (c) => {
    const body = await readJson(c, SetMappingSchema)
    const { database, auth } = c.var
    const rule = mappingPurposes[body.purpose]
    const key = body.key ?? ''
    if (rule.keyed && !key) throw validationFailed({ key: 'mapping_key_required' })
    if (!rule.keyed && key) throw validationFailed({ key: 'mapping_single' })
    const account = (await loadChart(database.db, auth.instituteId)).find(
      (a) => a.id === body.accountId,
    )
    if (!account) throw validationFailed({ accountId: 'unknown_account' })
    if (!account.isLeaf) {
      throw validationFailed({ accountId: 'mapping_leaf' })
    }
    if (!account.isActive) throw validationFailed({ accountId: 'account_inactive_posting' })
    if (account.accountType !== rule.type) {
      throw validationFailed({
        accountId: {
          code: 'mapping_type',
          values: { type: rule.type, actual: account.accountType },
        },
      })
    }
    const before = (await listMappings(database.db, auth.instituteId)).find(
      (m) => m.purpose === body.purpose && (m.key ?? '') === key,
    )
    await database.db.transaction(async (tx) => {
      await tx
        .insert(coaMappings)
        .values({
          instituteId: auth.instituteId,
          purpose: body.purpose,
          key,
          accountId: account.id,
        })
        .onConflictDoUpdate({
          target: [coaMappings.instituteId, coaMappings.purpose, coaMappings.key],
          set: { accountId: account.id },
        })
      await audit(c, tx, {
        area: 'accounting',
        action: 'update',
        entity: 'coa_mapping',
        entityId: key ? `${body.purpose}:${key}` : body.purpose,
        before: before && { account: `${before.glCode} ${before.accountName}` },
        after: { account: `${account.glCode} ${account.name}` },
      })
    })
    const saved = (await listMappings(database.db, auth.instituteId)).find(
      (m) => m.purpose === body.purpose && (m.key ?? '') === key,
    )!
    return c.json(saved)
  })

  .delete('/', documented({ query: DeleteMappingQuery }))
  .delete('/', requireAuth(), requirePermission('update', 'coa-mapping'), async (c) => {
    const query = readQuery(c, DeleteMappingQuery)
    const { database, auth } = c.var
    const where = and(
      eq(coaMappings.instituteId, auth.instituteId),
      eq(coaMappings.purpose, query.purpose),
      eq(coaMappings.key, query.key),
    )
    await database.db.transaction(async (tx) => {
      const removed = await tx.delete(coaMappings).where(where).returning()
      if (removed.length === 0) throw notFound('mapping_not_found')
      await audit(c, tx, {
        area: 'accounting',
        action: 'delete',
        entity: 'coa_mapping',
        entityId: query.key ? `${query.purpose}:${query.key}` : query.purpose,
      })
    })
    return c.json({ status: true })
  })
