import { and, asc, count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  CampusMerchantListSchema,
  CampusMerchantPutSchema,
  GatewayListSchema,
  InstituteServiceListSchema,
  InstituteServiceSchema,
  PaymentOverviewSchema,
  paymentServices,
  type CampusMerchantList,
  type InstituteService,
  type PaymentOverview,
} from '../../../shared/schemas/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import {
  paymentCampusMerchants,
  paymentInstituteServices,
  paymentIntents,
  paymentMerchants,
} from '../../db/schema/payments.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { validationFailed } from '../../lib/errors.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { readJson } from '../../lib/validate.ts'
import { gateways } from './gateways/registry.ts'

const notOffered = (service: InstituteService['service']): InstituteService => ({
  service,
  enabled: false,
  bearer: 'institute',
  surchargeFixedMinor: 0,
  surchargeBasisPoints: 0,
  franchiseFixedMinor: 0,
  franchiseBasisPoints: 0,
  guardianCode: false,
})

/** Every service, as the institute offers it (not offered until it says so). */
async function instituteServices(db: Db, instituteId: string): Promise<InstituteService[]> {
  const rows = await db
    .select()
    .from(paymentInstituteServices)
    .where(eq(paymentInstituteServices.instituteId, instituteId))
  return paymentServices.map((service) => {
    const row = rows.find((r) => r.service === service)
    return row ? { ...notOffered(service), ...row } : notOffered(service)
  })
}

async function campusMerchants(db: Db, instituteId: string) {
  return db
    .select({
      campusId: paymentCampusMerchants.campusId,
      service: paymentCampusMerchants.service,
      merchantId: paymentCampusMerchants.merchantId,
    })
    .from(paymentCampusMerchants)
    .where(eq(paymentCampusMerchants.instituteId, instituteId))
    .orderBy(asc(paymentCampusMerchants.campusId), asc(paymentCampusMerchants.service))
}

/** The campus merchants with what their rows may name. */
async function campusMerchantList(db: Db, instituteId: string): Promise<CampusMerchantList> {
  const [data, campusRows, merchantRows] = await Promise.all([
    campusMerchants(db, instituteId),
    db
      .select({ id: campuses.id, name: campuses.name })
      .from(campuses)
      .where(eq(campuses.instituteId, instituteId))
      .orderBy(asc(campuses.name)),
    db
      .select({
        id: paymentMerchants.id,
        name: paymentMerchants.name,
        provider: paymentMerchants.provider,
        active: paymentMerchants.active,
      })
      .from(paymentMerchants)
      .where(eq(paymentMerchants.instituteId, instituteId))
      .orderBy(asc(paymentMerchants.name)),
  ])
  return { data, campuses: campusRows, merchants: merchantRows }
}

/** Each gateway with the institute's merchants on it and what each collects for which campus. */
async function overview(db: Db, instituteId: string): Promise<PaymentOverview> {
  const [merchantRows, collects, services, [held]] = await Promise.all([
    db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.instituteId, instituteId))
      .orderBy(asc(paymentMerchants.name)),
    db
      .select({
        merchantId: paymentCampusMerchants.merchantId,
        service: paymentCampusMerchants.service,
        campusName: campuses.name,
      })
      .from(paymentCampusMerchants)
      .innerJoin(
        campuses,
        and(
          eq(campuses.instituteId, paymentCampusMerchants.instituteId),
          eq(campuses.id, paymentCampusMerchants.campusId),
        ),
      )
      .where(eq(paymentCampusMerchants.instituteId, instituteId))
      .orderBy(asc(campuses.name), asc(paymentCampusMerchants.service)),
    instituteServices(db, instituteId),
    db
      .select({ count: count() })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.instituteId, instituteId), eq(paymentIntents.status, 'held'))),
  ])
  return {
    providers: gateways().map(({ info }) => ({
      gateway: info,
      merchants: merchantRows
        .filter((m) => m.provider === info.id)
        .map((m) => ({
          id: m.id,
          name: m.name,
          mode: m.mode,
          active: m.active,
          collects: collects
            .filter((row) => row.merchantId === m.id)
            .map(({ service, campusName }) => ({ service, campusName })),
        })),
    })),
    services,
    heldCount: held?.count ?? 0,
  }
}

/**
 * The gateways the platform speaks (fintech-service-provider), the services an institute offers
 * online with who bears the charge and the platform's share (fintech-institute-service), and
 * which merchant collects which service for which campus (ins-fintech).
 */
export const paymentSetupRoutes = new Hono<AppEnv>()
  .get('/gateways', documented({ answers: GatewayListSchema }))
  .get('/gateways', requireAuth(), requirePermission('read', 'fintech-service-provider'), (c) =>
    c.json({ data: gateways().map((g) => g.info) }),
  )

  .get('/overview', documented({ answers: PaymentOverviewSchema }))
  .get('/overview', requireAuth(), requirePermission('read', 'fintech'), async (c) =>
    c.json(await overview(c.var.database.db, c.var.auth.instituteId)),
  )

  .get('/institute-services', documented({ answers: InstituteServiceListSchema }))
  .get(
    '/institute-services',
    requireAuth(),
    requirePermission('read', 'fintech-institute-service'),
    async (c) =>
      c.json({ data: await instituteServices(c.var.database.db, c.var.auth.instituteId) }),
  )

  .put(
    '/institute-services',
    documented({ answers: InstituteServiceSchema, body: InstituteServiceSchema }),
  )
  .put(
    '/institute-services',
    requireAuth(),
    requirePermission('update', 'fintech-institute-service'),
    async (c) => {
      const body = await readJson(c, InstituteServiceSchema)
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        const before = (await instituteServices(tx, auth.instituteId)).find(
          (s) => s.service === body.service,
        )
        await tx
          .insert(paymentInstituteServices)
          .values({ ...body, instituteId: auth.instituteId })
          .onConflictDoUpdate({
            target: [paymentInstituteServices.instituteId, paymentInstituteServices.service],
            set: body,
          })
        await audit(c, tx, {
          area: 'payments',
          action: 'update',
          entity: 'institute_service',
          entityId: null,
          before,
          after: body,
        })
      })
      return c.json<InstituteService>(body)
    },
  )

  .get('/campus-merchants', documented({ answers: CampusMerchantListSchema }))
  .get('/campus-merchants', requireAuth(), requirePermission('read', 'ins-fintech'), async (c) =>
    c.json(await campusMerchantList(c.var.database.db, c.var.auth.instituteId)),
  )

  .put(
    '/campus-merchants',
    documented({ answers: CampusMerchantListSchema, body: CampusMerchantPutSchema }),
  )
  .put(
    '/campus-merchants',
    requireAuth(),
    requirePermission('update', 'ins-fintech'),
    async (c) => {
      const body = await readJson(c, CampusMerchantPutSchema)
      const { database, auth } = c.var
      await database.db.transaction(async (tx) => {
        for (const [i, row] of body.data.entries()) {
          const [campus] = await tx
            .select({ id: campuses.id })
            .from(campuses)
            .where(rowKey(campuses, auth.instituteId, row.campusId))
          if (!campus) throw validationFailed({ [`data.${i}.campusId`]: 'campus_not_found' })
          const [merchant] = await tx
            .select({ id: paymentMerchants.id })
            .from(paymentMerchants)
            .where(rowKey(paymentMerchants, auth.instituteId, row.merchantId))
          if (!merchant) throw validationFailed({ [`data.${i}.merchantId`]: 'merchant_not_found' })
        }
        const before = await campusMerchants(tx, auth.instituteId)
        await tx
          .delete(paymentCampusMerchants)
          .where(and(eq(paymentCampusMerchants.instituteId, auth.instituteId)))
        if (body.data.length) {
          await tx
            .insert(paymentCampusMerchants)
            .values(body.data.map((row) => ({ ...row, instituteId: auth.instituteId })))
            .onConflictDoNothing()
        }
        await audit(c, tx, {
          area: 'payments',
          action: 'update',
          entity: 'campus_merchants',
          before,
          after: body.data,
        })
      })
      return c.json(await campusMerchantList(database.db, auth.instituteId))
    },
  )
