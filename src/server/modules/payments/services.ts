import { and, asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  CampusMerchantListSchema,
  CampusMerchantSchema,
  GatewayListSchema,
  InstituteServiceListSchema,
  InstituteServiceSchema,
  paymentServices,
  type InstituteService,
} from '../../../shared/schemas/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import {
  paymentCampusMerchants,
  paymentInstituteServices,
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

const CampusMerchantPutSchema = v.object({
  data: v.pipe(v.array(CampusMerchantSchema), v.maxLength(500, 'too_long')),
})

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
    c.json({ data: await campusMerchants(c.var.database.db, c.var.auth.instituteId) }),
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
      const data = await database.db.transaction(async (tx) => {
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
        return campusMerchants(tx, auth.instituteId)
      })
      return c.json({ data })
    },
  )
