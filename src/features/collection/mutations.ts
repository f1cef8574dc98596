import type { QueryClient } from '@tanstack/react-query'
import {
  CounterSettingsSchema,
  type CounterSettings,
} from '../../shared/schemas/counter-settings.ts'
import { postJson, putJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  AdvanceOverrideSchema,
  AdvanceSettingsSchema,
  type AdvanceOverride,
  type AdvanceOverrideRequest,
  type AdvanceSettings,
  type DecisionNote,
} from '../../shared/schemas/advances.ts'
import {
  CashierDaySchema,
  type CashierDay,
  type CloseDay,
  type ReopenDay,
} from '../../shared/schemas/collection-days.ts'
import type { CancelPayment, CreatePayment } from '../../shared/schemas/collection-payments.ts'
import {
  ReceiptPrintSchema,
  ReceiptSchema,
  type Receipt,
  type ReceiptPrint,
} from '../../shared/schemas/collection-receipts.ts'
import {
  LineFineSchema,
  type FineWaiverRequestInput,
  type LineFine,
} from '../../shared/schemas/fine-waivers.ts'
import type { TakeApplicantFee } from '../../shared/schemas/applicant-fees.ts'
import { collectionKey, receiptQuery } from './queries.ts'

/* Taking and cancelling payments; each reads the family and receipts again. */

const refresh = async (queryClient: QueryClient, saved: Receipt) => {
  queryClient.setQueryData(receiptQuery(saved.id).queryKey, saved)
  await queryClient.invalidateQueries({ queryKey: collectionKey })
}

/**
 * Takes a prepared payment. The screen passes the Idempotency-Key it made when it prepared the
 * payment: a double press, or Save again after a lost answer, gives the same receipt.
 */
export function useTakePayment(feedback: Feedback<Receipt, { key: string; body: CreatePayment }>) {
  return useChange(
    ({ key, body }: { key: string; body: CreatePayment }) =>
      postJson('collection/payments', body, ReceiptSchema, {
        headers: { 'Idempotency-Key': key },
      }),
    { refresh, feedback },
  )
}

/** Takes an applicant's application fee, under the key the screen made when Save was pressed. */
export function useTakeApplicantFee(
  feedback: Feedback<Receipt, { key: string; body: TakeApplicantFee }>,
) {
  return useChange(
    ({ key, body }: { key: string; body: TakeApplicantFee }) =>
      postJson('collection/applicant-fees', body, ReceiptSchema, {
        headers: { 'Idempotency-Key': key },
      }),
    { refresh, feedback },
  )
}

/** Cancels a receipt with the reason (a bounced cheque is one). */
export function useCancelReceipt(
  paymentId: string,
  feedback: Feedback<Receipt, CancelPayment> = {},
) {
  return useChange(
    (body: CancelPayment) =>
      postJson(`collection/payments/${encodeURIComponent(paymentId)}/cancel`, body, ReceiptSchema),
    { refresh, feedback },
  )
}

/** Logs a print of the receipt before it prints: the answer says whether it is a duplicate. */
export function useLogPrint(paymentId: string, feedback: Feedback<ReceiptPrint, void> = {}) {
  return useChange(
    () =>
      postJson(
        `collection/payments/${encodeURIComponent(paymentId)}/prints`,
        {},
        ReceiptPrintSchema,
      ),
    { refresh: async () => undefined, feedback },
  )
}

/**
 * Waives a line's fine at the counter (permission fine-waiver, with the reason): the family is
 * read again, so the lines and the amount follow.
 */
export function useWaiveFineAtCounter(
  invoiceId: string,
  lineId: string,
  idempotencyKey: string,
  feedback: Feedback<LineFine, FineWaiverRequestInput> = {},
) {
  return useChange(
    (body: FineWaiverRequestInput) =>
      postJson(
        `fees/invoices/${encodeURIComponent(invoiceId)}/lines/${encodeURIComponent(lineId)}/fine-waivers`,
        body,
        LineFineSchema,
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    {
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: collectionKey }),
      feedback,
    },
  )
}

/** Closes today at the counter: the cash counted, and the bank deposit posted. */
export function useCloseDay(feedback: Feedback<CashierDay, CloseDay> = {}) {
  return useChange((body: CloseDay) => postJson('collection/days/close', body, CashierDaySchema), {
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: collectionKey }),
    feedback,
  })
}

/** Approves a closing's pending cash difference (a second user): it is posted then, once. */
export function useApproveDifference(feedback: Feedback<CashierDay, string> = {}) {
  return useChange(
    (closingId: string) =>
      postJson(`collection/days/closings/${closingId}/approve`, {}, CashierDaySchema),
    {
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: collectionKey }),
      feedback,
    },
  )
}

/** Reopens today's closing of a cashier (permission day-reopen, with the reason). */
export function useReopenDay(feedback: Feedback<CashierDay, ReopenDay> = {}) {
  return useChange(
    (body: ReopenDay) => postJson('collection/days/reopen', body, CashierDaySchema),
    {
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: collectionKey }),
      feedback,
    },
  )
}

const readAgain = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: collectionKey })

/**
 * Asks for an override of a student's advance under the key the dialog made when it opened: a
 * double press or a retry makes it once. Done at once, or pending a second user's approval.
 */
export function useRequestOverride(
  idempotencyKey: string,
  feedback: Feedback<AdvanceOverride, AdvanceOverrideRequest> = {},
) {
  return useChange(
    (body: AdvanceOverrideRequest) =>
      postJson('collection/advances/overrides', body, AdvanceOverrideSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    { refresh: readAgain, feedback },
  )
}

/** Approves or rejects another user's pending override, with a note. */
export function useDecideOverride(
  overrideId: string,
  decision: 'approve' | 'reject',
  feedback: Feedback<AdvanceOverride, DecisionNote> = {},
) {
  return useChange(
    (body: DecisionNote) =>
      postJson(
        `collection/advances/overrides/${encodeURIComponent(overrideId)}/${decision}`,
        body,
        AdvanceOverrideSchema,
      ),
    { refresh: readAgain, feedback },
  )
}

export function useSaveCounterSettings(feedback: Feedback<CounterSettings, CounterSettings> = {}) {
  return useChange(
    (body: CounterSettings) => putJson('collection/counter-settings', body, CounterSettingsSchema),
    { refresh: readAgain, feedback },
  )
}

export function useSaveAdvanceSettings(feedback: Feedback<AdvanceSettings, AdvanceSettings> = {}) {
  return useChange(
    (body: AdvanceSettings) => putJson('collection/advances/settings', body, AdvanceSettingsSchema),
    { refresh: readAgain, feedback },
  )
}
