import { createFileRoute } from '@tanstack/react-router'
import { ConcessionsPage } from '../features/fees/rules/ConcessionsPage.tsx'
import { concessionOptionsQuery } from '../features/fees/rules/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/student-concessions')({
  staticData: { strings: ['fees'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/student-concessions', location.href),
  loader: ({ context }) => context.queryClient.ensureQueryData(concessionOptionsQuery('')),
  component: ConcessionsPage,
})
