import { and, desc, eq, gte, isNull, lte, ne, or, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  FineRuleInputSchema,
  type FineRuleInput,
  type FineRuleList,
  type FineRuleRow,
  FineRuleListSchema,
  FineRuleSchema,
} from '../../../../shared/schemas/fee-rules.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { fineRules } from '../../../db/schema/fee-rules.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound, validationFailed } from '../../../lib/errors.ts'
import { readJson } from '../../../lib/validate.ts'
import { headOf, ruleHeads } from './rule-heads.ts'
import { ruleStartDefaults } from './rule-start.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'
import { presentFineRule } from './fine-rule-row.ts'

const valuesOf = (body: FineRuleInput) => ({
  feeHeadId: body.feeHeadId,
  effectiveFrom: body.effectiveFrom,
  effectiveTo: body.effectiveTo,
  graceDays: body.graceDays,
  kind: body.charge.kind,
  amountMinor: 'amount' in body.charge ? body.charge.amount : null,
  rateBp: body.charge.kind === 'percent' ? body.charge.rateBp : null,
  slabs: body.charge.kind === 'slabs' ? body.charge.slabs : null,
  capPerLineMinor: body.lineCap,
  capPerPeriodMinor: body.periodCap,
})

/**
 * Two rules for the same heads (one head, or all heads) in force on a common day would make a
 * line's fine depend on which one wins: refused, on the start date.
 */
async function checkNoOverlap(tx: Db, instituteId: string, body: FineRuleInput, except?: string) {
  const conditions: SQL[] = [
    eq(fineRules.instituteId, instituteId),
    eq(fineRules.active, true),
    body.feeHeadId === null ? isNull(fineRules.feeHeadId) : eq(fineRules.feeHeadId, body.feeHeadId),
    or(isNull(fineRules.effectiveTo), gte(fineRules.effectiveTo, body.effectiveFrom))!,
  ]
  if (body.effectiveTo !== null) conditions.push(lte(fineRules.effectiveFrom, body.effectiveTo))
  if (except) conditions.push(ne(fineRules.id, except))
  const [clash] = await tx
    .select({ id: fineRules.id })
    .from(fineRules)
    .where(and(...conditions))
    .limit(1)
  if (clash) throw validationFailed({ effectiveFrom: 'fine_rules_overlap' })
}

async function checkHead(tx: Db, instituteId: string, body: FineRuleInput) {
  if (body.feeHeadId !== null) await headOf(tx, instituteId, body.feeHeadId)
}

async function lockedRule(tx: Db, instituteId: string, ruleId: string | undefined) {
  const id = pathId(ruleId, 'fine_rule_not_found')
  const [row] = await tx
    .select()
    .from(fineRules)
    .where(
      and(eq(fineRules.instituteId, instituteId), eq(fineRules.id, id), eq(fineRules.active, true)),
    )
    .for('update')
  if (!row) throw notFound('fine_rule_not_found')
  return row
}

/** /fees/fine-rules: the automatic late fees, per head or for all heads. */
export const fineRuleRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: FineRuleListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'config-fine-management'), async (c) => {
    const { db } = c.var.database
    const instituteId = c.var.auth.instituteId
    const rows = await db
      .select()
      .from(fineRules)
      .where(and(eq(fineRules.instituteId, instituteId), eq(fineRules.active, true)))
      .orderBy(desc(fineRules.effectiveFrom), desc(fineRules.createdAt))
    return c.json<FineRuleList>({
      data: rows.map(presentFineRule),
      heads: await ruleHeads(db, instituteId),
      defaultFrom: (await ruleStartDefaults(db, instituteId)).fineFrom,
    })
  })

  .post('/', documented({ answers: FineRuleSchema, body: FineRuleInputSchema, status: 201 }))

  .post('/', requireAuth(), requirePermission('create', 'config-fine-management'), async (c) => {
    const body = await readJson(c, FineRuleInputSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      await checkHead(tx, auth.instituteId, body)
      await checkNoOverlap(tx, auth.instituteId, body)
      const [row] = await tx
        .insert(fineRules)
        .values({ ...valuesOf(body), instituteId: auth.instituteId, createdBy: auth.user.id })
        .returning()
      const rule = presentFineRule(row!)
      await audit(c, tx, {
        area: 'fees',
        action: 'create',
        entity: 'fine_rule',
        entityId: rule.id,
        after: rule,
      })
      return rule
    })
    return c.json<FineRuleRow>(created, 201)
  })

  .put('/:ruleId', documented({ answers: FineRuleSchema, body: FineRuleInputSchema }))

  .put(
    '/:ruleId',
    requireAuth(),
    requirePermission('update', 'config-fine-management'),
    async (c) => {
      const body = await readJson(c, FineRuleInputSchema)
      const { database, auth } = c.var
      const updated = await database.db.transaction(async (tx) => {
        const row = await lockedRule(tx, auth.instituteId, c.req.param('ruleId'))
        await checkHead(tx, auth.instituteId, body)
        await checkNoOverlap(tx, auth.instituteId, body, row.id)
        const [saved] = await tx
          .update(fineRules)
          .set({ ...valuesOf(body), updatedAt: new Date() })
          .where(rowKey(fineRules, row.instituteId, row.id))
          .returning()
        const after = presentFineRule(saved!)
        await audit(c, tx, {
          area: 'fees',
          action: 'update',
          entity: 'fine_rule',
          entityId: row.id,
          before: presentFineRule(row),
          after,
        })
        return after
      })
      return c.json<FineRuleRow>(updated)
    },
  )

  .delete('/:ruleId', documented({ status: 204 }))

  .delete(
    '/:ruleId',
    requireAuth(),
    requirePermission('delete', 'config-fine-management'),
    async (c) => {
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const row = await lockedRule(tx, auth.instituteId, c.req.param('ruleId'))
        // Kept, inactive: fines already charged under it still name their rule.
        await tx
          .update(fineRules)
          .set({ active: false, updatedAt: new Date() })
          .where(rowKey(fineRules, row.instituteId, row.id))
        await audit(c, tx, {
          area: 'fees',
          action: 'delete',
          entity: 'fine_rule',
          entityId: row.id,
          before: presentFineRule(row),
        })
      })
      return c.body(null, 204)
    },
  )
