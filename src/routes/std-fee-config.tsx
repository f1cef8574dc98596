import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { FeeSetupPage } from '../features/fees/setup/FeeSetupPage.tsx'
import { feeStructureQuery } from '../features/fees/queries.ts'
import { feeHeadsQuery } from '../lib/fee-heads.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

const id = v.optional(v.pipe(v.string(), v.uuid()))
/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(v.object({ session: id, campus: id, group: id, cycle: id }))

export const Route = createFileRoute('/std-fee-config')({
  staticData: { strings: ['fees'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/std-fee-config', location.href),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(feeStructureQuery('/std-fee-config')),
      queryClient.ensureQueryData(feeHeadsQuery('/std-fee-config')),
    ]),
  component: function FeeSetup() {
    const navigate = Route.useNavigate()
    return (
      <FeeSetupPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    )
  },
})
