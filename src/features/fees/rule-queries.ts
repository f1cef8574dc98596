import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  ConcessionListSchema,
  ConcessionOptionsSchema,
  FineRuleListSchema,
  VatHeadListSchema,
  type ConcessionListSearch,
} from '../../shared/schemas/fee-rules.ts'

/** The fee rules (VAT, fines, concessions): everything under this key is read again on a change. */
export const feeRulesKey = ['fees', 'rules'] as const

export const vatRatesQuery = () =>
  queryOptions({
    queryKey: [...feeRulesKey, 'vat'],
    ...storedRead('fees/vat-rates', VatHeadListSchema, '/vat-config'),
  })

export const fineRulesQuery = () =>
  queryOptions({
    queryKey: [...feeRulesKey, 'fines'],
    ...storedRead('fees/fine-rules', FineRuleListSchema, '/config-fine-management'),
  })

export const concessionsQuery = (search: ConcessionListSearch) =>
  queryOptions({
    queryKey: [...feeRulesKey, 'concessions', search],
    ...storedRead(
      `fees/concessions?${toSearchParams(search)}`,
      ConcessionListSchema,
      '/student-concessions',
    ),
  })

export const concessionOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: [...feeRulesKey, 'concession-options', q],
    ...storedRead(
      `fees/concessions/options?${toSearchParams({ q })}`,
      ConcessionOptionsSchema,
      '/student-concessions',
    ),
  })
