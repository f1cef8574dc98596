import { useSearch } from '@tanstack/react-router'
import { LoginPage } from '../../features/auth/LoginPage.tsx'

export default function LoginRoute() {
  const { redirect } = useSearch({ strict: false, select: (all): { redirect?: string } => all })
  return <LoginPage redirect={redirect} leaveByLoad />
}
