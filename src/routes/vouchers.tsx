import { createFileRoute } from '@tanstack/react-router'
import {
  calendarQuery,
  chartQuery,
  moneyAccountsQuery,
  vouchersQuery,
} from '../features/accounting/queries.ts'
import { VouchersPage } from '../features/accounting/VouchersPage.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { VoucherListQuerySchema } from '../shared/schemas/accounting-queries.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(VoucherListQuerySchema)

export const Route = createFileRoute('/vouchers')({
  staticData: { strings: ['accounting'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/vouchers', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { queryClient, ability } = context
    const entering = ability.can('create', 'getVouchers')
    return Promise.all([
      queryClient.ensureQueryData(vouchersQuery(deps)),
      ability.can('read', 'coa') && queryClient.ensureQueryData(chartQuery()),
      // What the new-voucher form starts from; without them it starts empty, it never fails.
      entering && queryClient.prefetchQuery(calendarQuery()),
      entering && queryClient.prefetchQuery(moneyAccountsQuery()),
    ])
  },
  component: function Vouchers() {
    const navigate = Route.useNavigate()
    return (
      <VouchersPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
