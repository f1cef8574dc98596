import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import type { GuardedPath } from '../../shared/permissions/route-access.ts'
import {
  FeeConfigGridSchema,
  FeeHeadListSchema,
  FeeStructureSchema,
  IncomeAccountListSchema,
  PaymentCycleListSchema,
  type FeeConfigScope,
} from '../../shared/schemas/fee-setup.ts'

/** Everything under ['fees'] is read again after any fee set-up change. */
export const feesKey = ['fees'] as const

type Screen = GuardedPath

/** The sessions, classes, groups and campuses the fee screens choose from. */
export const feeStructureQuery = (screen: Screen) =>
  queryOptions({
    queryKey: [...feesKey, 'structure'],
    ...storedRead('fees/structure', FeeStructureSchema, screen),
  })

export const feeHeadsQuery = (screen: Screen) =>
  queryOptions({
    queryKey: [...feesKey, 'heads'],
    ...storedRead('fees/heads', FeeHeadListSchema, screen),
  })

export const incomeAccountsQuery = () =>
  queryOptions({
    queryKey: [...feesKey, 'income-accounts'],
    ...storedRead('fees/income-accounts', IncomeAccountListSchema, '/std-fee-config'),
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

export const feeGridQuery = (scope: FeeConfigScope) =>
  queryOptions({
    queryKey: [...feesKey, 'grid', scope],
    ...storedRead(`fees/configs?${toSearchParams(scope)}`, FeeConfigGridSchema, '/std-fee-config'),
  })
