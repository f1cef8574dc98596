import { createFileRoute } from '@tanstack/react-router'
import { smsTemplatesQuery } from '../features/sms/queries.ts'
import { SmsNotificationPage } from '../features/sms/SmsNotificationPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/sms-notification')({
  staticData: { strings: ['sms'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/sms-notification', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(smsTemplatesQuery()),
  component: SmsNotificationPage,
})
