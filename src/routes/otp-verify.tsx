import { createFileRoute, redirect } from '@tanstack/react-router'
import { OtpVerifyPage } from '../features/auth/OtpVerifyPage.tsx'
import { recoveryFlow } from '../features/auth/recovery-flow.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/otp-verify')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context }) => {
    guardRoute(context, '/otp-verify')
    if (!recoveryFlow.username || !recoveryFlow.notifyType)
      throw redirect({ to: '/forgot-password' })
  },
  component: OtpVerifyPage,
})
