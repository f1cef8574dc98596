import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  CampusMerchantListSchema,
  GatewayListSchema,
  InstituteServiceListSchema,
  IntentListQuerySchema,
  IntentListSchema,
  MerchantListSchema,
  PaymentOverviewSchema,
  SettlementListSchema,
} from '../../shared/schemas/payments.ts'
import {
  FranchiseRevenueSchema,
  type FranchiseRevenueQuery,
} from '../../shared/schemas/franchise-revenue.ts'

/** Everything under ['payments'] is read again after any change of the set-up. */
export const paymentsKey = ['payments'] as const

export type IntentListSearch = v.InferOutput<typeof IntentListQuerySchema>

export const gatewaysQuery = () =>
  queryOptions({
    queryKey: [...paymentsKey, 'gateways'],
    ...storedRead('payments/gateways', GatewayListSchema, '/fintech-service-provider'),
  })

export const overviewQuery = () =>
  queryOptions({
    queryKey: [...paymentsKey, 'overview'],
    ...storedRead('payments/overview', PaymentOverviewSchema, '/fintech'),
  })

export const intentsQuery = (search: IntentListSearch) =>
  queryOptions({
    queryKey: [...paymentsKey, 'intents', search],
    ...storedRead(`payments/intents?${toSearchParams(search)}`, IntentListSchema, '/fintech'),
    placeholderData: keepPreviousData,
  })

export const merchantsQuery = () =>
  queryOptions({
    queryKey: [...paymentsKey, 'merchants'],
    ...storedRead('payments/merchants', MerchantListSchema, '/fintech-merchant'),
  })

export const settlementAccountsQuery = () =>
  queryOptions({
    queryKey: [...paymentsKey, 'settlement-accounts'],
    ...storedRead(
      'payments/merchants/settlement-accounts',
      MerchantListSchema,
      '/merchant-settlement-account',
    ),
  })

export const instituteServicesQuery = () =>
  queryOptions({
    queryKey: [...paymentsKey, 'institute-services'],
    ...storedRead(
      'payments/institute-services',
      InstituteServiceListSchema,
      '/fintech-institute-service',
    ),
  })

export const campusMerchantsQuery = () =>
  queryOptions({
    queryKey: [...paymentsKey, 'campus-merchants'],
    ...storedRead(
      'payments/campus-merchants',
      CampusMerchantListSchema,
      '/institute-campus-merchant-service',
    ),
  })

export const franchiseRevenueQuery = (search: FranchiseRevenueQuery) =>
  queryOptions({
    queryKey: [...paymentsKey, 'franchise-revenue', search],
    ...storedRead(
      `payments/franchise-revenue?${toSearchParams(search)}`,
      FranchiseRevenueSchema,
      '/franchise-revenue',
    ),
    placeholderData: keepPreviousData,
  })

export const settlementsQuery = () =>
  queryOptions({
    queryKey: [...paymentsKey, 'settlements'],
    ...storedRead('payments/settlements', SettlementListSchema, '/merchant-settlement-account'),
  })
