import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import type { GuardedPath } from '../../shared/permissions/route-access.ts'
import {
  FeeConfigGridSchema,
  ClassStudentListSchema,
  FeeHeadListSchema,
  FeeOverrideListSchema,
  FeeStructureSchema,
  IncomeAccountListSchema,
  PaymentCycleListSchema,
  type ClassStudentsQuery,
  type FeeConfigScope,
  type FeeOverrideQuery,
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

/** A student's own amounts and left-out heads; or, by session and head, everyone's. */
export const feeOverridesQuery = (query: FeeOverrideQuery, screen: Screen) =>
  queryOptions({
    queryKey: [...feesKey, 'overrides', query],
    ...storedRead(`fees/overrides?${toSearchParams(query)}`, FeeOverrideListSchema, screen),
  })

/** A class's students in a session: whom an own fee can be set for at once. */
export const classStudentsQuery = (query: ClassStudentsQuery) =>
  queryOptions({
    queryKey: [...feesKey, 'class-students', query],
    ...storedRead(
      `fees/overrides/students?${toSearchParams(query)}`,
      ClassStudentListSchema,
      '/std-fee-config',
    ),
  })
