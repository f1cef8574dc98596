import type { QueryClient } from '@tanstack/react-query'
import { deleteResource, postJson, putJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  SmsOptOutSchema,
  SmsSettingsSchema,
  SmsTemplateSchema,
  type SmsOptOut,
  type SmsOptOutInput,
  type SmsSettings,
  type SmsSettingsInput,
  type SmsTemplate,
  type SmsTemplateInput,
} from '../../shared/schemas/sms.ts'
import { smsKey } from './queries.ts'

/* The SMS area's changes: each reads the area again. */

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: smsKey })

export function useSaveTemplate(
  feedback: Feedback<SmsTemplate, SmsTemplateInput & { id?: string }>,
) {
  return useChange(
    ({ id, ...body }: SmsTemplateInput & { id?: string }) =>
      id
        ? putJson(`sms/templates/${id}`, body, SmsTemplateSchema)
        : postJson('sms/templates', body, SmsTemplateSchema),
    { refresh, feedback },
  )
}

export function useDeleteTemplate(feedback: Feedback<void, string>) {
  return useChange((id: string) => deleteResource(`sms/templates/${id}`), { refresh, feedback })
}

export function useSaveSettings(feedback: Feedback<SmsSettings, SmsSettingsInput>) {
  return useChange((body: SmsSettingsInput) => putJson('sms/settings', body, SmsSettingsSchema), {
    refresh,
    feedback,
  })
}

export function useAddOptOut(feedback: Feedback<SmsOptOut, SmsOptOutInput>) {
  return useChange((body: SmsOptOutInput) => postJson('sms/opt-outs', body, SmsOptOutSchema), {
    refresh,
    feedback,
  })
}

export function useRemoveOptOut(feedback: Feedback<void, string>) {
  return useChange((id: string) => deleteResource(`sms/opt-outs/${id}`), { refresh, feedback })
}
