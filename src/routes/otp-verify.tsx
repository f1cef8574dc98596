import { createFileRoute, redirect } from '@tanstack/react-router'
import { OtpVerifyPage } from '../features/auth/guest/OtpVerifyPage.tsx'
import { recoveryStepReady } from '../features/auth/guest/recovery-flow.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/otp-verify')({
  staticData: { layout: 'full', strings: ['account'] },
  beforeLoad: ({ context }) => {
    guardRoute(context, '/otp-verify')
    if (!recoveryStepReady['/otp-verify']()) throw redirect({ to: '/forgot-password' })
  },
  component: OtpVerifyPage,
})
