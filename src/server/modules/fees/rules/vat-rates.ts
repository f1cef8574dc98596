import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  VatRateInputSchema,
  type VatHeadList,
  VatHeadListSchema,
} from '../../../../shared/schemas/fee-rules.ts'
import { type VatRateRow, VatRateSchema } from '../../../../shared/schemas/fee-heads.ts'
import type { AppEnv } from '../../../app-env.ts'
import { vatRates } from '../../../db/schema/fee-setup.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { notFound, validationFailed } from '../../../lib/errors.ts'
import { readJson } from '../../../lib/validate.ts'
import { headOf, ruleHeads } from './rule-heads.ts'
import { ruleStartDefaults } from './rule-start.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'
import { presentVatRate } from './vat-rate-row.ts'

/**
 * /fees/vat-rates: each fee head's history of VAT rates. A rate runs from its day until the
 * next one's, so two rates of a head on one day would overlap: refused on effectiveFrom.
 */
export const vatRateRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: VatHeadListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'vat-config'), async (c) => {
    const { db } = c.var.database
    const instituteId = c.var.auth.instituteId
    const heads = await ruleHeads(db, instituteId)
    const rates = await db
      .select()
      .from(vatRates)
      .where(eq(vatRates.instituteId, instituteId))
      .orderBy(desc(vatRates.effectiveFrom))
    const data = heads.map((head) => ({
      ...head,
      rates: rates.filter((r) => r.feeHeadId === head.id).map(presentVatRate),
    }))
    const { vatFrom } = await ruleStartDefaults(db, instituteId)
    return c.json<VatHeadList>({ data, defaultFrom: vatFrom })
  })

  .post(
    '/:feeHeadId',
    documented({ answers: VatRateSchema, body: VatRateInputSchema, status: 201 }),
  )

  .post('/:feeHeadId', requireAuth(), requirePermission('create', 'vat-config'), async (c) => {
    const feeHeadId = pathId(c.req.param('feeHeadId'), 'fee_head_not_found')
    const body = await readJson(c, VatRateInputSchema)
    const { database, auth } = c.var
    const created = await database.db.transaction(async (tx) => {
      await headOf(tx, auth.instituteId, feeHeadId, null)
      const [clash] = await tx
        .select({ id: vatRates.id })
        .from(vatRates)
        .where(
          and(
            eq(vatRates.instituteId, auth.instituteId),
            eq(vatRates.feeHeadId, feeHeadId),
            eq(vatRates.effectiveFrom, body.effectiveFrom),
          ),
        )
      if (clash) throw validationFailed({ effectiveFrom: 'vat_date_taken' })
      const [row] = await tx
        .insert(vatRates)
        .values({ ...body, feeHeadId, instituteId: auth.instituteId, createdBy: auth.user.id })
        .returning()
      const rate = presentVatRate(row!)
      await audit(c, tx, {
        area: 'fees',
        action: 'create',
        entity: 'vat_rate',
        entityId: rate.id,
        after: rate,
      })
      return rate
    })
    return c.json<VatRateRow>(created, 201)
  })

  .delete('/:feeHeadId/:rateId', documented({ status: 204 }))

  .delete(
    '/:feeHeadId/:rateId',
    requireAuth(),
    requirePermission('delete', 'vat-config'),
    async (c) => {
      const feeHeadId = pathId(c.req.param('feeHeadId'), 'vat_rate_not_found')
      const rateId = pathId(c.req.param('rateId'), 'vat_rate_not_found')
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const [row] = await tx
          .delete(vatRates)
          .where(
            and(
              eq(vatRates.instituteId, auth.instituteId),
              eq(vatRates.feeHeadId, feeHeadId),
              eq(vatRates.id, rateId),
            ),
          )
          .returning()
        if (!row) throw notFound('vat_rate_not_found')
        // Invoices keep the rate and mode they were issued with, so removing one changes none.
        await audit(c, tx, {
          area: 'fees',
          action: 'delete',
          entity: 'vat_rate',
          entityId: row.id,
          before: presentVatRate(row),
        })
      })
      return c.body(null, 204)
    },
  )
