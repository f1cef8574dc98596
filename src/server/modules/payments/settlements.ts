import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  SettlementInputSchema,
  SettlementListSchema,
  SettlementSchema,
  type Settlement,
  type SettlementList,
} from '../../../shared/schemas/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { paymentIntents, paymentMerchants, paymentSettlements } from '../../db/schema/payments.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, postgresErrorCode } from '../../lib/errors.ts'
import { pathId } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { readJson } from '../../lib/validate.ts'
import { postVoucher, type PostingLine } from '../accounting/posting.ts'

/** The latest payouts shown with the merchants. */
const recentSettlements = 50

const shown = (row: typeof paymentSettlements.$inferSelect): Settlement => ({
  id: row.id,
  merchantId: row.merchantId,
  settledOn: row.settledOn,
  grossMinor: row.grossMinor,
  chargeMinor: row.chargeMinor,
  reference: row.reference,
  voucherId: row.voucherId,
})

async function settlementList(db: Db, instituteId: string): Promise<SettlementList> {
  const total = (sum: SQL) => sql<number>`coalesce(${sum}, 0)`.mapWith(Number)
  const [merchants, collected, settled, settlements] = await Promise.all([
    db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.instituteId, instituteId))
      .orderBy(paymentMerchants.name),
    db
      .select({
        merchantId: paymentIntents.merchantId,
        total: total(sql`sum(${paymentIntents.amountMinor} + ${paymentIntents.surchargeMinor})`),
      })
      .from(paymentIntents)
      .where(
        and(eq(paymentIntents.instituteId, instituteId), eq(paymentIntents.status, 'succeeded')),
      )
      .groupBy(paymentIntents.merchantId),
    db
      .select({
        merchantId: paymentSettlements.merchantId,
        total: total(sql`sum(${paymentSettlements.grossMinor})`),
      })
      .from(paymentSettlements)
      .where(eq(paymentSettlements.instituteId, instituteId))
      .groupBy(paymentSettlements.merchantId),
    db
      .select()
      .from(paymentSettlements)
      .where(eq(paymentSettlements.instituteId, instituteId))
      .orderBy(desc(paymentSettlements.settledOn), desc(paymentSettlements.createdAt))
      .limit(recentSettlements),
  ])
  const totalOf = (rows: { merchantId: string; total: number }[], id: string) =>
    rows.find((r) => r.merchantId === id)?.total ?? 0
  return {
    merchants: merchants.map((m) => ({
      merchantId: m.id,
      name: m.name,
      settlementBankAccount: m.settlementBankAccount,
      collectedMinor: totalOf(collected, m.id),
      settledMinor: totalOf(settled, m.id),
    })),
    settlements: settlements.map(shown),
  }
}

/**
 * /api/payments/settlements (permission merchant-settlement-account): what each merchant took
 * online and what its gateway has paid out to the bank; recording a payout moves it from
 * gateway clearing to the merchant's bank, the gateway's charge to its expense.
 */
export const settlementRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: SettlementListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'merchant-settlement-account'), async (c) =>
    c.json(await settlementList(c.var.database.db, c.var.auth.instituteId)),
  )

  .post(
    '/:merchantId',
    documented({ answers: SettlementSchema, body: SettlementInputSchema, status: [201] }),
  )
  .post(
    '/:merchantId',
    requireAuth(),
    requirePermission('create', 'merchant-settlement-account'),
    async (c) => {
      const merchantId = pathId(c.req.param('merchantId'), 'merchant_not_found')
      const body = await readJson(c, SettlementInputSchema)
      const { database, auth } = c.var
      const row = await database.db
        .transaction(async (tx) => {
          const [merchant] = await tx
            .select()
            .from(paymentMerchants)
            .where(rowKey(paymentMerchants, auth.instituteId, merchantId))
          if (!merchant) throw notFound('merchant_not_found')
          if (!merchant.settlementBankAccount) throw conflict('settlement_account_missing')
          const memo = body.reference
          const lines: PostingLine[] = [
            {
              purpose: 'bank',
              key: merchant.settlementBankAccount,
              debit: body.grossMinor - body.chargeMinor,
              memo,
            },
            { purpose: 'gateway_clearing', credit: body.grossMinor, memo },
          ]
          if (body.chargeMinor > 0) {
            lines.push({ purpose: 'gateway_charge_expense', debit: body.chargeMinor, memo })
          }
          const voucher = await postVoucher(tx, auth.instituteId, {
            type: 'journal',
            date: body.settledOn,
            narration: `${merchant.name}: gateway payout ${body.reference}`,
            lines: lines.filter((l) => (l.debit ?? 0) > 0 || (l.credit ?? 0) > 0),
            source: 'payments',
            createdBy: auth.user.id,
          })
          const [row] = await tx
            .insert(paymentSettlements)
            .values({
              ...body,
              instituteId: auth.instituteId,
              merchantId,
              voucherId: voucher.id,
              createdBy: auth.user.id,
            })
            .returning()
          await audit(c, tx, {
            area: 'payments',
            action: 'create',
            entity: 'settlement',
            entityId: row!.id,
            after: shown(row!),
          })
          return row!
        })
        .catch((err: unknown) => {
          throw postgresErrorCode(err) === '23505' ? conflict('settlement_recorded') : err
        })
      return c.json<Settlement>(shown(row), 201)
    },
  )
