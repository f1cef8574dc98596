import type { Area } from './lib/area.ts'
import type { ApiSurface } from './lib/endpoints.ts'
import { accessArea } from './modules/access/index.ts'
import { accountingArea } from './modules/accounting/index.ts'
import { admissionArea } from './modules/admission/index.ts'
import type { PublicAdmissionLimits } from './modules/admission/public.ts'
import { authArea } from './modules/auth/index.ts'
import { collectionArea } from './modules/collection/index.ts'
import type { PublicReceiptLimits } from './modules/collection/public-receipts.ts'
import { feesArea } from './modules/fees/index.ts'
import { paymentsArea } from './modules/payments/index.ts'
import type { PublicPaymentLimits } from './modules/payments/public-payments.ts'
import { institutesArea } from './modules/institutes/index.ts'
import { reportsArea } from './modules/reports/index.ts'
import { smsArea } from './modules/sms/index.ts'
import { createInstitute } from './modules/institutes/set-up.ts'
import { studentsArea } from './modules/students/index.ts'
import { systemArea } from './modules/system/index.ts'

/** What some areas are given by the app's caller (tests pass their own). */
export interface AreaOptions {
  /** Rate limits of the public admission endpoints. */
  publicAdmission?: PublicAdmissionLimits
  /** The rate limit of the public receipt verification. */
  publicReceipts?: PublicReceiptLimits
  /** The rate limit of the payers' online payment endpoints. */
  publicPayments?: PublicPaymentLimits
}

/**
 * Every server area the app serves, in mounting order: adding an area adds a line here. The
 * system area describes the composed app (its OpenAPI document) once it is built.
 */
export const areas = (options: AreaOptions, surface: () => ApiSurface): Area[] => [
  systemArea(surface),
  authArea(createInstitute),
  accessArea,
  accountingArea,
  institutesArea,
  studentsArea,
  admissionArea(options.publicAdmission),
  feesArea,
  paymentsArea(options.publicPayments),
  collectionArea(options.publicReceipts),
  reportsArea,
  smsArea,
]
