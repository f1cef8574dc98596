import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { api, deleteResource, postJson, putJson } from '../../../lib/api.ts'
import { useChange, type Feedback } from '../../../lib/mutation-feedback.ts'
import {
  ConcessionSchema,
  FineRuleSchema,
  SiblingPreviewSchema,
  type Concession,
  type ConcessionRequest,
  type FineRuleInput,
  type FineRuleRow,
  type SiblingRule,
  type VatRateInput,
} from '../../../shared/schemas/fee-rules.ts'
import { VatRateSchema, type VatRateRow } from '../../../shared/schemas/fee-heads.ts'
import { feeRulesKey } from './queries.ts'

/* The fee rules' changes: each reads every rule list again before the screen reacts. */

const refresh = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: feeRulesKey })

export function useAddVatRate(
  feedback: Feedback<VatRateRow, VatRateInput & { feeHeadId: string }>,
) {
  return useChange(
    ({ feeHeadId, ...body }: VatRateInput & { feeHeadId: string }) =>
      postJson(`fees/vat-rates/${feeHeadId}`, body, VatRateSchema),
    { refresh, feedback },
  )
}

export function useRemoveVatRate(feedback: Feedback<void, VatRateRow>) {
  return useChange(
    (rate: VatRateRow) => deleteResource(`fees/vat-rates/${rate.feeHeadId}/${rate.id}`),
    { refresh, feedback },
  )
}

export function useSaveFineRule(feedback: Feedback<FineRuleRow, FineRuleInput & { id?: string }>) {
  return useChange(
    ({ id, ...body }: FineRuleInput & { id?: string }) =>
      id
        ? putJson(`fees/fine-rules/${id}`, body, FineRuleSchema)
        : postJson('fees/fine-rules', body, FineRuleSchema),
    { refresh, feedback },
  )
}

export function useRemoveFineRule(feedback: Feedback<void, string>) {
  return useChange((id: string) => deleteResource(`fees/fine-rules/${id}`), { refresh, feedback })
}

export function useRequestConcession(feedback: Feedback<Concession, ConcessionRequest>) {
  return useChange(
    (body: ConcessionRequest) => postJson('fees/concessions', body, ConcessionSchema),
    {
      refresh,
      feedback,
    },
  )
}

/** Attaches the supporting document (PDF or image) to a concession still requested. */
export function useAttachConcessionDocument(feedback: Feedback<void, { id: string; file: File }>) {
  return useChange(
    async ({ id, file }: { id: string; file: File }) => {
      const body = new FormData()
      body.set('file', file)
      await api.put(`fees/concessions/${id}/document`, { body })
    },
    { refresh, feedback },
  )
}

export type ConcessionStep = 'approve' | 'reject' | 'revoke'

export function useConcessionStep(
  feedback: Feedback<Concession, { id: string; step: ConcessionStep; note: string }>,
) {
  return useChange(
    ({ id, step, note }: { id: string; step: ConcessionStep; note: string }) =>
      postJson(`fees/concessions/${id}/${step}`, { note }, ConcessionSchema),
    { refresh, feedback },
  )
}

export function useSiblingRule(
  preview: boolean,
  feedback: Feedback<v.InferOutput<typeof SiblingPreviewSchema>, SiblingRule>,
) {
  return useChange(
    (body: SiblingRule) =>
      postJson(`fees/concessions/siblings${preview ? '/preview' : ''}`, body, SiblingPreviewSchema),
    { refresh: preview ? async () => undefined : refresh, feedback },
  )
}
