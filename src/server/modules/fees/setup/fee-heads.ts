import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  FeeHeadInputSchema,
  type FeeHead,
  FeeHeadListSchema,
  FeeHeadSchema,
} from '../../../../shared/schemas/fee-setup.ts'
import type * as v from 'valibot'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { accounts, coaMappings } from '../../../db/schema/accounting.ts'
import {
  feeConfigs,
  feeHeads,
  studentFeeOverrides,
  vatRates,
} from '../../../db/schema/fee-setup.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { conflict, notFound, postgresErrorCode, validationFailed } from '../../../lib/errors.ts'
import { readJson } from '../../../lib/validate.ts'
import { headsInvoiced, incomeAccounts, readFees } from './setup-read.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { presentVatRate } from '../rules/vat-rates.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

type HeadRow = typeof feeHeads.$inferSelect
type HeadValues = v.InferOutput<typeof FeeHeadInputSchema>

/** The audit's view of a head: what a person would compare. */
const audited = (row: HeadRow, account: string) => ({
  name: row.name,
  code: row.code,
  kind: row.kind,
  account,
  priority: row.priority,
  active: row.active,
})

async function listHeads(db: Db, instituteId: string, only?: string): Promise<FeeHead[]> {
  const rows = await db
    .select({ head: feeHeads, glCode: accounts.glCode, accountName: accounts.name })
    .from(feeHeads)
    .innerJoin(accounts, rowKey(accounts, feeHeads.instituteId, feeHeads.incomeAccountId))
    .where(and(eq(feeHeads.instituteId, instituteId), only ? eq(feeHeads.id, only) : undefined))
    .orderBy(asc(feeHeads.priority), asc(feeHeads.name))
  const rates = await db
    .select()
    .from(vatRates)
    .where(eq(vatRates.instituteId, instituteId))
    .orderBy(desc(vatRates.effectiveFrom))
  const used = await headsInvoiced(
    db,
    instituteId,
    rows.map((r) => r.head.id),
  )
  return rows.map(({ head, glCode, accountName }) => ({
    id: head.id,
    name: head.name,
    code: head.code,
    kind: head.kind,
    incomeAccountId: head.incomeAccountId,
    incomeAccount: `${glCode} ${accountName}`,
    vatRates: rates.filter((r) => r.feeHeadId === head.id).map(presentVatRate),
    priority: head.priority,
    active: head.active,
    inUse: used.has(head.id),
  }))
}

const taken = (field: 'code' | 'name') => {
  const code = field === 'code' ? 'fee_head_code_taken' : 'fee_head_name_taken'
  return conflict(code, { fields: { [field]: code } })
}

/** 409 on the field another head of the institute already has (code exactly, name in any case). */
async function assertFree(tx: Db, instituteId: string, body: HeadValues, except?: string) {
  const others = and(
    eq(feeHeads.instituteId, instituteId),
    except ? ne(feeHeads.id, except) : undefined,
  )
  const [code] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(others, eq(feeHeads.code, body.code)))
  if (code) throw taken('code')
  const [name] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(others, sql`lower(${feeHeads.name}) = lower(${body.name})`))
  if (name) throw taken('name')
}

/** The income account named, as "code name": 422 unless an active income leaf of the institute. */
async function incomeAccount(tx: Db, instituteId: string, accountId: string) {
  const account = (await incomeAccounts(tx, instituteId)).find((a) => a.id === accountId)
  if (!account) throw validationFailed({ incomeAccountId: 'fee_income_account' })
  return `${account.glCode} ${account.name}`
}

/** The head's COA mapping (fee income, keyed by the head's id), kept with its income account. */
async function keepMapping(tx: Db, instituteId: string, headId: string, accountId: string) {
  await tx
    .insert(coaMappings)
    .values({ instituteId, purpose: 'fee_income', key: headId, accountId })
    .onConflictDoUpdate({
      target: [coaMappings.instituteId, coaMappings.purpose, coaMappings.key],
      set: { accountId },
    })
}

async function lockedHead(c: Context<AppEnv>, tx: Db): Promise<HeadRow> {
  const headId = pathId(c.req.param('headId'), 'fee_head_not_found')
  const [row] = await tx
    .select()
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, c.var.auth.instituteId), eq(feeHeads.id, headId)))
    .for('update')
  if (!row) throw notFound('fee_head_not_found')
  return row
}

const uniqueClash = (err: unknown) => {
  if (postgresErrorCode(err) !== '23505') return err
  return taken(
    String((err as { constraint?: string }).constraint).includes('code') ? 'code' : 'name',
  )
}

const valuesOf = (body: HeadValues) => ({
  name: body.name,
  code: body.code,
  kind: body.kind,
  incomeAccountId: body.incomeAccountId,
  priority: body.priority,
  active: body.active,
})

/**
 * /fees/heads: the fee heads (tuition, admission, exam …) with their income accounts. Every
 * fee screen reads them; changing them is the fee configuration's right.
 */
export const feeHeadRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: FeeHeadListSchema }))
  .get('/', requireAuth(), readFees(), async (c) =>
    c.json({ data: await listHeads(c.var.database.db, c.var.auth.instituteId) }),
  )

  .post('/', documented({ answers: FeeHeadSchema, body: FeeHeadInputSchema, status: 201 }))

  .post('/', requireAuth(), requirePermission('create', 'std-fee-config'), async (c) => {
    const body = await readJson(c, FeeHeadInputSchema)
    const { database, auth } = c.var
    const id = await database.db
      .transaction(async (tx) => {
        await assertFree(tx, auth.instituteId, body)
        const account = await incomeAccount(tx, auth.instituteId, body.incomeAccountId)
        const [row] = await tx
          .insert(feeHeads)
          .values({ ...valuesOf(body), instituteId: auth.instituteId })
          .returning()
        await keepMapping(tx, auth.instituteId, row!.id, row!.incomeAccountId)
        await audit(c, tx, {
          area: 'fees',
          action: 'create',
          entity: 'fee_head',
          entityId: row!.id,
          after: audited(row!, account),
        })
        return row!.id
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
        const row = await lockedHead(c, tx)
        await assertFree(tx, auth.instituteId, body, row.id)
        const [before] = await tx
          .select({ glCode: accounts.glCode, name: accounts.name })
          .from(accounts)
          .where(eq(accounts.id, row.incomeAccountId))
        const account = await incomeAccount(tx, auth.instituteId, body.incomeAccountId)
        const [saved] = await tx
          .update(feeHeads)
          .set({ ...valuesOf(body), updatedAt: new Date() })
          .where(rowKey(feeHeads, row.instituteId, row.id))
          .returning()
        await keepMapping(tx, auth.instituteId, row.id, saved!.incomeAccountId)
        await audit(c, tx, {
          area: 'fees',
          action:
            row.active === saved!.active ? 'update' : saved!.active ? 'reactivate' : 'deactivate',
          entity: 'fee_head',
          entityId: row.id,
          before: audited(row, `${before!.glCode} ${before!.name}`),
          after: audited(saved!, account),
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
      const row = await lockedHead(c, tx)
      if ((await headsInvoiced(tx, auth.instituteId, [row.id])).has(row.id)) {
        throw conflict('fee_head_in_use')
      }
      // Its amounts and overrides go with it; VAT rates, fine rules and concessions refer to it
      // by foreign key, and keep it (deactivate it instead).
      await tx.delete(feeConfigs).where(eq(feeConfigs.feeHeadId, row.id))
      await tx.delete(studentFeeOverrides).where(eq(studentFeeOverrides.feeHeadId, row.id))
      await tx
        .delete(coaMappings)
        .where(
          and(
            eq(coaMappings.instituteId, auth.instituteId),
            eq(coaMappings.purpose, 'fee_income'),
            eq(coaMappings.key, row.id),
          ),
        )
      await tx
        .delete(feeHeads)
        .where(rowKey(feeHeads, row.instituteId, row.id))
        .catch((err: unknown) => {
          throw postgresErrorCode(err) === '23503' ? conflict('fee_head_in_use') : err
        })
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
