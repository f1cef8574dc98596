import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { postJson } from '../../lib/api.ts'
import { storedRead } from '../../lib/read-store.ts'
import {
  SmsAudiencePreviewSchema,
  SmsOptOutListSchema,
  SmsSettingsSchema,
  SmsStudentValuesSchema,
  SmsTemplateListSchema,
  type SmsAudiencePreviewInput,
  type SmsValuesQuery,
} from '../../shared/schemas/sms.ts'

/** Everything under ['sms'] is read again after a change of a template. */
export const smsKey = ['sms'] as const

export const smsTemplatesQuery = () =>
  queryOptions({
    queryKey: [...smsKey, 'templates'],
    ...storedRead('sms/templates', SmsTemplateListSchema, '/sms-notification'),
  })

/** What the variables say of one student, in a language: the preview is filled with them. */
export const studentValuesQuery = (query: SmsValuesQuery) =>
  queryOptions({
    queryKey: [...smsKey, 'values', query],
    ...storedRead(
      `sms/templates/values?${new URLSearchParams({ studentId: query.studentId, ...(query.locale && { locale: query.locale }) })}`,
      SmsStudentValuesSchema,
      '/sms-notification',
    ),
    placeholderData: keepPreviousData,
  })

export const smsSettingsQuery = () =>
  queryOptions({
    queryKey: [...smsKey, 'settings'],
    ...storedRead('sms/settings', SmsSettingsSchema, '/sms-notification'),
  })

export const optOutsQuery = () =>
  queryOptions({
    queryKey: [...smsKey, 'opt-outs'],
    ...storedRead('sms/opt-outs', SmsOptOutListSchema, '/sms-notification'),
  })

/** Who a message would reach: a read the server works out from the audience sent. */
export const previewAudience = (input: SmsAudiencePreviewInput) =>
  postJson('sms/audiences/preview', input, SmsAudiencePreviewSchema)
