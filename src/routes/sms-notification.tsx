import { createFileRoute } from '@tanstack/react-router'
import { optOutsQuery, smsSettingsQuery, smsTemplatesQuery } from '../features/sms/queries.ts'
import { SmsNotificationPage } from '../features/sms/SmsNotificationPage.tsx'
import { campusesQuery, classesQuery } from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/sms-notification')({
  staticData: { strings: ['sms'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/sms-notification', location.href),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(smsTemplatesQuery()),
      context.queryClient.ensureQueryData(smsSettingsQuery()),
      context.queryClient.ensureQueryData(optOutsQuery()),
      context.queryClient.ensureQueryData(campusesQuery('/sms-notification')),
      context.queryClient.ensureQueryData(classesQuery('/sms-notification')),
    ]),
  component: SmsNotificationPage,
})
