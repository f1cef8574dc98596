import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { campuses } from '../db/schema/institutes.ts'
import {
  paymentCampusMerchants,
  paymentInstituteServices,
  paymentMerchants,
} from '../db/schema/payments.ts'
import type { SecretBox } from '../lib/secret-box.ts'

/**
 * The demo institute takes application fees and guardians' dues online through the built-in
 * sandbox gateway, for every campus: the payer bears a 1.5 % surcharge, and the platform's
 * share is 1 %.
 */
export async function seedDemoPayments(tx: Db, instituteId: string, box: SecretBox) {
  const [merchant] = await tx
    .insert(paymentMerchants)
    .values({
      instituteId,
      provider: 'sandbox',
      name: 'Sandbox (test payments)',
      mode: 'test',
      storeId: `demo-${randomBytes(4).toString('hex')}`,
      secret: box.seal(randomBytes(24).toString('base64url')),
    })
    .returning({ id: paymentMerchants.id })
  const services = ['admission_fee', 'dues'] as const
  await tx.insert(paymentInstituteServices).values(
    services.map((service) => ({
      instituteId,
      service,
      enabled: true,
      bearer: 'payer' as const,
      surchargeBasisPoints: 150,
      franchiseBasisPoints: 100,
    })),
  )
  const rows = await tx
    .select({ id: campuses.id })
    .from(campuses)
    .where(eq(campuses.instituteId, instituteId))
  await tx.insert(paymentCampusMerchants).values(
    rows.flatMap((campus) =>
      services.map((service) => ({
        instituteId,
        campusId: campus.id,
        service,
        merchantId: merchant!.id,
      })),
    ),
  )
}
