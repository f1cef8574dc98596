import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  MerchantInputSchema,
  MerchantListSchema,
  MerchantSchema,
  SettlementAccountInputSchema,
  type Merchant,
  type MerchantList,
} from '../../../shared/schemas/payments.ts'
import type * as v from 'valibot'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { paymentMerchants } from '../../db/schema/payments.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { notFound, validationFailed } from '../../lib/errors.ts'
import { pathId } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { readJson } from '../../lib/validate.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { bankAccountKeys } from '../accounting/bank-accounts.ts'
import { gateways } from './gateways/registry.ts'
import type { MerchantRow } from './merchant-read.ts'

/** A merchant as answered: its secret only as set or not, never the secret. */
const shown = (row: MerchantRow): Merchant => ({
  id: row.id,
  provider: row.provider,
  name: row.name,
  mode: row.mode,
  storeId: row.storeId,
  secretSet: row.secret !== '',
  settlementBankAccount: row.settlementBankAccount,
  active: row.active,
})

type MerchantInput = v.InferOutput<typeof MerchantInputSchema>

/** The gateway must be one this build speaks, live only where it takes live payments. */
async function assertSettable(db: Db, instituteId: string, body: MerchantInput, id?: string) {
  const gateway = gateways().find((g) => g.info.id === body.provider)
  if (!gateway) throw validationFailed({ provider: 'unknown_gateway' })
  if (body.mode === 'live' && !gateway.info.liveAllowed) {
    throw validationFailed({ mode: 'merchant_live_not_allowed' })
  }
  if (!id && !body.secret) throw validationFailed({ secret: 'merchant_secret_required' })
  if (
    body.settlementBankAccount &&
    !(await bankAccountKeys(db, instituteId)).includes(body.settlementBankAccount)
  ) {
    throw validationFailed({ settlementBankAccount: 'unknown_bank_account' })
  }
  const [taken] = await db
    .select({ id: paymentMerchants.id })
    .from(paymentMerchants)
    .where(
      and(
        eq(paymentMerchants.instituteId, instituteId),
        eq(paymentMerchants.provider, body.provider),
        eq(paymentMerchants.storeId, body.storeId),
        ...(id ? [ne(paymentMerchants.id, id)] : []),
      ),
    )
  if (taken) throw validationFailed({ storeId: 'store_id_taken' })
}

async function merchantOr404(db: Db, instituteId: string, id: string) {
  const [row] = await db
    .select()
    .from(paymentMerchants)
    .where(rowKey(paymentMerchants, instituteId, id))
  if (!row) throw notFound('merchant_not_found')
  return row
}

/** What the audit log keeps of a merchant: never the secret, only whether it changed. */
const audited = (row: MerchantRow, secretChanged = false) => ({ ...shown(row), secretChanged })

async function merchantList(db: Db, instituteId: string): Promise<MerchantList> {
  const rows = await db
    .select()
    .from(paymentMerchants)
    .where(eq(paymentMerchants.instituteId, instituteId))
    .orderBy(asc(paymentMerchants.name))
  return { data: rows.map(shown), bankAccounts: await bankAccountKeys(db, instituteId) }
}

/**
 * /api/payments/merchants (permission fintech-merchant): the institute's accounts at the
 * gateways, each with the bank account it settles to. The secret is sealed before it is stored
 * and never read back. The settlement account alone is also set under its own permission
 * (merchant-settlement-account), by those who keep the books but not the credentials.
 */
export const merchantRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: MerchantListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'fintech-merchant'), async (c) =>
    c.json(await merchantList(c.var.database.db, c.var.auth.instituteId)),
  )

  .get('/settlement-accounts', documented({ answers: MerchantListSchema }))
  .get(
    '/settlement-accounts',
    requireAuth(),
    requirePermission('read', 'merchant-settlement-account'),
    async (c) => c.json(await merchantList(c.var.database.db, c.var.auth.instituteId)),
  )

  .put(
    '/:merchantId/settlement-account',
    documented({ answers: MerchantSchema, body: SettlementAccountInputSchema }),
  )
  .put(
    '/:merchantId/settlement-account',
    requireAuth(),
    requirePermission('update', 'merchant-settlement-account'),
    async (c) => {
      const id = pathId(c.req.param('merchantId'), 'merchant_not_found')
      const { settlementBankAccount } = await readJson(c, SettlementAccountInputSchema)
      const { database, auth } = c.var
      const row = await database.db.transaction(async (tx) => {
        const before = await merchantOr404(tx, auth.instituteId, id)
        if (!(await bankAccountKeys(tx, auth.instituteId)).includes(settlementBankAccount)) {
          throw validationFailed({ settlementBankAccount: 'unknown_bank_account' })
        }
        const [row] = await tx
          .update(paymentMerchants)
          .set({ settlementBankAccount, updatedAt: sql`now()` })
          .where(rowKey(paymentMerchants, auth.instituteId, id))
          .returning()
        await audit(c, tx, {
          area: 'payments',
          action: 'update',
          entity: 'merchant',
          entityId: id,
          before: audited(before),
          after: audited(row!),
        })
        return row!
      })
      return c.json<Merchant>(shown(row))
    },
  )

  .post('/', documented({ answers: MerchantSchema, body: MerchantInputSchema, status: [201] }))
  .post('/', requireAuth(), requirePermission('create', 'fintech-merchant'), async (c) => {
    const body = await readJson(c, MerchantInputSchema)
    const { database, auth, services } = c.var
    await assertSettable(database.db, auth.instituteId, body)
    const box = await services.secrets()
    const row = await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentMerchants)
        .values({ ...body, instituteId: auth.instituteId, secret: box.seal(body.secret) })
        .returning()
      await audit(c, tx, {
        area: 'payments',
        action: 'create',
        entity: 'merchant',
        entityId: row!.id,
        after: audited(row!, true),
      })
      return row!
    })
    return c.json<Merchant>(shown(row), 201)
  })

  .put('/:merchantId', documented({ answers: MerchantSchema, body: MerchantInputSchema }))
  .put(
    '/:merchantId',
    requireAuth(),
    requirePermission('update', 'fintech-merchant'),
    async (c) => {
      const id = pathId(c.req.param('merchantId'), 'merchant_not_found')
      const body = await readJson(c, MerchantInputSchema)
      const { database, auth, services } = c.var
      await assertSettable(database.db, auth.instituteId, body, id)
      const box = await services.secrets()
      const row = await database.db.transaction(async (tx) => {
        const before = await merchantOr404(tx, auth.instituteId, id)
        const { secret, ...rest } = body
        const [row] = await tx
          .update(paymentMerchants)
          .set({ ...rest, ...(secret && { secret: box.seal(secret) }), updatedAt: sql`now()` })
          .where(rowKey(paymentMerchants, auth.instituteId, id))
          .returning()
        await audit(c, tx, {
          area: 'payments',
          action: 'update',
          entity: 'merchant',
          entityId: id,
          before: audited(before),
          after: audited(row!, secret !== ''),
        })
        return row!
      })
      return c.json<Merchant>(shown(row))
    },
  )

/** Re-seals every secret sealed under an older key (after MERCHANT_KEY was changed). */
export async function resealMerchantSecrets(db: Db, box: SecretBox) {
  const rows = await db
    .select({
      instituteId: paymentMerchants.instituteId,
      id: paymentMerchants.id,
      secret: paymentMerchants.secret,
    })
    .from(paymentMerchants)
  let resealed = 0
  for (const row of rows.filter((r) => box.isStale(r.secret))) {
    await db
      .update(paymentMerchants)
      .set({ secret: box.seal(box.open(row.secret)) })
      .where(
        and(
          rowKey(paymentMerchants, row.instituteId, row.id),
          eq(paymentMerchants.secret, row.secret),
        ),
      )
    resealed++
  }
  return resealed
}
