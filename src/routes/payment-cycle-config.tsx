import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaymentCyclesPage } from '../features/fees/setup/PaymentCyclesPage.tsx'
import { feeStructureQuery } from '../features/fees/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(v.object({ session: v.optional(v.pipe(v.string(), v.uuid())) }))

export const Route = createFileRoute('/payment-cycle-config')({
  staticData: { strings: ['fees'] },
  validateSearch,
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/payment-cycle-config', location.href),
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(feeStructureQuery('/payment-cycle-config')),
  component: function PaymentCycles() {
    const navigate = Route.useNavigate()
    return (
      <PaymentCyclesPage
        session={Route.useSearch().session}
        onSessionChange={(session) => void navigate({ search: { session } })}
      />
    )
  },
})
