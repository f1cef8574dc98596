import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { useSearch } from '@tanstack/react-router'
import { LoginPage } from '../../features/auth/LoginPage.tsx'

export default function LoginRoute() {
  usePageTakeover()
  const { redirect } = useSearch({ strict: false, select: (all): { redirect?: string } => all })
  return <LoginPage redirect={redirect} leaveByLoad />
}
