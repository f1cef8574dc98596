import { createFileRoute, redirect } from '@tanstack/react-router'

// Any path no other route claims goes to the 404 page (§2).
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/error-404', replace: true })
  },
})
