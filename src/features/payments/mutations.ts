import type { QueryClient } from '@tanstack/react-query'
import { postJson, putJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { useReportExport } from '../../lib/report-export.ts'
import {
  CampusMerchantListSchema,
  InstituteServiceSchema,
  MerchantSchema,
  RefundedPaymentSchema,
  SettlementSchema,
  type CampusMerchant,
  type CampusMerchantList,
  type InstituteService,
  type Merchant,
  type MerchantInput,
  type RefundedPayment,
  type RefundInput,
  type SettlementAccountInput,
  type Settlement,
  type SettlementInput,
} from '../../shared/schemas/payments.ts'
import { paymentsKey } from './queries.ts'

/* The online payments set-up's changes: each reads the whole set-up again. */

const refresh = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: paymentsKey })

export function useSaveMerchant(feedback: Feedback<Merchant, MerchantInput & { id?: string }>) {
  return useChange(
    ({ id, ...body }: MerchantInput & { id?: string }) =>
      id
        ? putJson(`payments/merchants/${id}`, body, MerchantSchema)
        : postJson('payments/merchants', body, MerchantSchema),
    { refresh, feedback },
  )
}

export function useSetSettlementAccount(
  feedback: Feedback<Merchant, SettlementAccountInput & { merchantId: string }>,
) {
  return useChange(
    ({ merchantId, ...body }: SettlementAccountInput & { merchantId: string }) =>
      putJson(`payments/merchants/${merchantId}/settlement-account`, body, MerchantSchema),
    { refresh, feedback },
  )
}

export function useSaveInstituteService(feedback: Feedback<InstituteService, InstituteService>) {
  return useChange(
    (body: InstituteService) =>
      putJson('payments/institute-services', body, InstituteServiceSchema),
    { refresh, feedback },
  )
}

export function useSaveCampusMerchants(feedback: Feedback<CampusMerchantList, CampusMerchant[]>) {
  return useChange(
    (data: CampusMerchant[]) =>
      putJson('payments/campus-merchants', { data }, CampusMerchantListSchema),
    { refresh, feedback },
  )
}

export function useRefundPayment(
  feedback: Feedback<RefundedPayment, RefundInput & { reference: string }>,
) {
  return useChange(
    ({ reference, ...body }: RefundInput & { reference: string }) =>
      postJson(`payments/intents/${reference}/refund`, body, RefundedPaymentSchema),
    { refresh, feedback },
  )
}

export function useRecordSettlement(
  feedback: Feedback<Settlement, SettlementInput & { merchantId: string }>,
) {
  return useChange(
    ({ merchantId, ...body }: SettlementInput & { merchantId: string }) =>
      postJson(`payments/settlements/${merchantId}`, body, SettlementSchema),
    { refresh, feedback },
  )
}

/** Saves the franchise revenue report, as filtered, as CSV or Excel. */
export const useExportFranchiseRevenue = () => useReportExport('payments/franchise-revenue')
