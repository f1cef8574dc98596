import { and, eq } from 'drizzle-orm'
import type { InstituteService, PaymentService } from '../../../shared/schemas/payments.ts'
import type { Db } from '../../db/client.ts'
import {
  paymentCampusMerchants,
  paymentInstituteServices,
  paymentMerchants,
} from '../../db/schema/payments.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { MerchantCredentials } from './gateways/gateway.ts'

export type MerchantRow = typeof paymentMerchants.$inferSelect

/** A merchant of the institute with its secret opened, for its gateway only. */
export async function merchantCredentials(
  db: Db,
  box: SecretBox,
  instituteId: string,
  merchantId: string,
): Promise<MerchantCredentials | undefined> {
  const [row] = await db
    .select()
    .from(paymentMerchants)
    .where(rowKey(paymentMerchants, instituteId, merchantId))
  return row && credentialsOf(row, box)
}

export const credentialsOf = (row: MerchantRow, box: SecretBox): MerchantCredentials => ({
  id: row.id,
  instituteId: row.instituteId,
  provider: row.provider,
  mode: row.mode,
  storeId: row.storeId,
  secret: box.open(row.secret),
})

/** The service's settings as the institute saved them, offered online or not. */
export async function serviceSettings(
  db: Db,
  instituteId: string,
  service: PaymentService,
): Promise<InstituteService | undefined> {
  const [row] = await db
    .select()
    .from(paymentInstituteServices)
    .where(
      and(
        eq(paymentInstituteServices.instituteId, instituteId),
        eq(paymentInstituteServices.service, service),
      ),
    )
  return row
}

/** The service as the institute offers it online; undefined when it does not. */
export async function offeredService(
  db: Db,
  instituteId: string,
  service: PaymentService,
): Promise<InstituteService | undefined> {
  const row = await serviceSettings(db, instituteId, service)
  return row?.enabled ? row : undefined
}

/** The active merchant that collects the service for the campus. */
export async function campusMerchant(
  db: Db,
  instituteId: string,
  campusId: string,
  service: PaymentService,
): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select({ merchant: paymentMerchants })
    .from(paymentCampusMerchants)
    .innerJoin(
      paymentMerchants,
      and(
        eq(paymentMerchants.instituteId, paymentCampusMerchants.instituteId),
        eq(paymentMerchants.id, paymentCampusMerchants.merchantId),
      ),
    )
    .where(
      and(
        eq(paymentCampusMerchants.instituteId, instituteId),
        eq(paymentCampusMerchants.campusId, campusId),
        eq(paymentCampusMerchants.service, service),
        eq(paymentMerchants.active, true),
      ),
    )
  return row?.merchant
}
