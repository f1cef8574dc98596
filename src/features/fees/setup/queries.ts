import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../../lib/read-store.ts'
import { toSearchParams } from '../../../lib/search.ts'
import type { GuardedPath } from '../../../shared/permissions/route-access.ts'
import {
  FeeConfigGridSchema,
  ClassStudentListSchema,
  FeeOverrideListSchema,
  IncomeAccountListSchema,
  type ClassStudentsQuery,
  type FeeConfigScope,
  type FeeOverrideQuery,
} from '../../../shared/schemas/fee-setup.ts'
import { feesKey } from '../../../lib/fee-heads.ts'

/* The set-up screens' own reads; the structure, heads and cycles are in ../queries.ts. */

export const incomeAccountsQuery = () =>
  queryOptions({
    queryKey: [...feesKey, 'income-accounts'],
    ...storedRead('fees/income-accounts', IncomeAccountListSchema, '/std-fee-config'),
  })

export const feeGridQuery = (scope: FeeConfigScope) =>
  queryOptions({
    queryKey: [...feesKey, 'grid', scope],
    ...storedRead(`fees/configs?${toSearchParams(scope)}`, FeeConfigGridSchema, '/std-fee-config'),
  })

/** A student's own amounts and left-out heads; or, by session and head, everyone's. */
export const feeOverridesQuery = (query: FeeOverrideQuery, screen: GuardedPath) =>
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
