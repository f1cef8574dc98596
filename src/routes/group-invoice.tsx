import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { GroupInvoicePage } from '../features/fees/group-invoicing/GroupInvoicePage.tsx'
import { groupRunsQuery } from '../features/fees/group-invoicing/queries.ts'
import { feeStructureQuery } from '../features/fees/queries.ts'
import { feeHeadsQuery } from '../lib/fee-heads.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

const id = v.optional(v.pipe(v.string(), v.uuid()))
/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(v.object({ session: id, run: id }))

export const Route = createFileRoute('/group-invoice')({
  staticData: { strings: ['fees'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/group-invoice', location.href),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(feeStructureQuery('/group-invoice')),
      queryClient.ensureQueryData(feeHeadsQuery('/group-invoice')),
      queryClient.prefetchQuery(groupRunsQuery()),
    ]),
  component: function GroupInvoice() {
    const navigate = Route.useNavigate()
    return (
      <GroupInvoicePage
        search={Route.useSearch()}
        onSearchChange={(next, replace) => void navigate({ search: next, replace })}
      />
    )
  },
})
