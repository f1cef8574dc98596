import { queryOptions } from '@tanstack/react-query'
import type { GuardedPath } from '../shared/permissions/route-access.ts'
import { FeeHeadListSchema } from '../shared/schemas/fee-heads.ts'
import { storedRead } from './read-store.ts'

/*
 * The fee heads: set up on the fee screens and chosen from on others (reports narrow to a
 * head), so their read lives here. `screen` is the page a read is kept for offline.
 */

/** Everything under ['fees'] is read again after any fee set-up change. */
export const feesKey = ['fees'] as const

export const feeHeadsQuery = (screen: GuardedPath) =>
  queryOptions({
    queryKey: [...feesKey, 'heads'],
    ...storedRead('fees/heads', FeeHeadListSchema, screen),
  })
