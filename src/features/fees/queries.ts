import { queryOptions } from '@tanstack/react-query'
import { feesKey } from '../../lib/fee-heads.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import type { GuardedPath } from '../../shared/permissions/route-access.ts'
import { FeeStructureSchema, PaymentCycleListSchema } from '../../shared/schemas/fee-setup.ts'

type Screen = GuardedPath

/* The set-up every fee task chooses from; each task's own reads are in its folder's queries.ts. */

/** The sessions, classes, groups and campuses the fee screens choose from. */
export const feeStructureQuery = (screen: Screen) =>
  queryOptions({
    queryKey: [...feesKey, 'structure'],
    ...storedRead('fees/structure', FeeStructureSchema, screen),
  })

export const paymentCyclesQuery = (academicSessionId: string, screen: Screen) =>
  queryOptions({
    queryKey: [...feesKey, 'cycles', academicSessionId],
    ...storedRead(
      `fees/payment-cycles?${toSearchParams({ academicSessionId })}`,
      PaymentCycleListSchema,
      screen,
    ),
  })
