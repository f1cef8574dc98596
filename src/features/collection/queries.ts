import { queryOptions } from '@tanstack/react-query'
import { CounterSettingsSchema } from '../../shared/schemas/counter-settings.ts'
import { getJson } from '../../lib/api.ts'
import { storedRead } from '../../lib/read-store.ts'
import { toSearchParams } from '../../lib/search.ts'
import {
  AdvanceFamilySchema,
  AdvanceHolderListSchema,
  AdvanceOverrideListSchema,
  AdvanceSettingsSchema,
} from '../../shared/schemas/advances.ts'
import { CashierDaySchema } from '../../shared/schemas/collection-days.ts'
import { FamilySchema } from '../../shared/schemas/collection-payments.ts'
import { ReceiptSchema } from '../../shared/schemas/collection-receipts.ts'
import type { DayPageSearch } from '../../shared/schemas/collection-search.ts'
import { ApplicantFeeSchema } from '../../shared/schemas/applicant-fees.ts'

/** The counter's reads: read again after a payment, a cancellation or a fine waived. */
export const collectionKey = ['collection'] as const

/** The family at the counter with its open lines and today's fines; kept for offline reading. */
export const familyQuery = (studentId: string) =>
  queryOptions({
    queryKey: [...collectionKey, 'family', studentId],
    ...storedRead(
      `collection/families/${encodeURIComponent(studentId)}`,
      FamilySchema,
      '/payment-collection',
    ),
    staleTime: 0,
  })

/** An applicant whose application fee the counter takes (read afresh: it is paid once). */
export const applicantFeeQuery = (applicantId: string) =>
  queryOptions({
    queryKey: [...collectionKey, 'applicant', applicantId],
    queryFn: () =>
      getJson(`collection/applicant-fees/${encodeURIComponent(applicantId)}`, ApplicantFeeSchema),
    retry: false,
  })

export const receiptQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [...collectionKey, 'receipt', paymentId],
    ...storedRead(
      `collection/payments/${encodeURIComponent(paymentId)}`,
      ReceiptSchema,
      '/payment-collection',
    ),
  })

/** A cashier's day (their own today by default); kept for offline reading. */
export const cashierDayQuery = (search: DayPageSearch) =>
  queryOptions({
    queryKey: [...collectionKey, 'day', search.day ?? '', search.cashierId ?? ''],
    ...storedRead(
      `collection/days?${toSearchParams(search)}`,
      CashierDaySchema,
      '/payment-collection/day',
    ),
  })

/**
 * The caller's day today, for the counter: its own key, so the day screen reads its figures
 * afresh rather than the counter's copy; a plain read (offline, the payment part shows).
 */
export const todayClosedQuery = () =>
  queryOptions({
    queryKey: [...collectionKey, 'today-closed'],
    queryFn: () => getJson('collection/days', CashierDaySchema),
    retry: false,
  })

/** Who holds an advance (or whom the text finds), and Σ of all; kept for offline reading. */
export const advanceHoldersQuery = (q: string) =>
  queryOptions({
    queryKey: [...collectionKey, 'advances', 'holders', q],
    ...storedRead(
      `collection/advances?${toSearchParams({ q })}`,
      AdvanceHolderListSchema,
      '/advance-override',
    ),
  })

/** A family's advances: members with lines and balances, movements, overrides. */
export const advanceFamilyQuery = (studentId: string) =>
  queryOptions({
    queryKey: [...collectionKey, 'advances', 'family', studentId],
    ...storedRead(
      `collection/advances/families/${encodeURIComponent(studentId)}`,
      AdvanceFamilySchema,
      '/advance-override',
    ),
  })

/** Overrides waiting for a second user's approval. */
export const pendingOverridesQuery = () =>
  queryOptions({
    queryKey: [...collectionKey, 'advances', 'pending'],
    ...storedRead('collection/advances/overrides', AdvanceOverrideListSchema, '/advance-override'),
  })

/** The institute's mobile-money providers and receipt copies: the counter reads them. */
export const counterSettingsQuery = () =>
  queryOptions({
    queryKey: [...collectionKey, 'counter-settings'],
    ...storedRead('collection/counter-settings', CounterSettingsSchema, '/payment-collection'),
  })

export const advanceSettingsQuery = () =>
  queryOptions({
    queryKey: [...collectionKey, 'advances', 'settings'],
    ...storedRead('collection/advances/settings', AdvanceSettingsSchema, '/advance-override'),
  })
