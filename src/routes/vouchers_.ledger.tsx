import { createFileRoute } from '@tanstack/react-router'
import { LedgerPage } from '../features/accounting/LedgerPage.tsx'
import { calendarQuery, chartQuery, ledgerQuery } from '../features/accounting/queries.ts'
import { ledgerPeriod, LedgerSearchSchema } from '../features/accounting/search.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(LedgerSearchSchema)

export const Route = createFileRoute('/vouchers_/ledger')({
  staticData: { strings: ['accounting'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/vouchers/ledger', location.href),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { queryClient } = context
    const { from, to } = ledgerPeriod(deps, await queryClient.ensureQueryData(calendarQuery()))
    return Promise.all([
      context.ability.can('read', 'coa') && queryClient.ensureQueryData(chartQuery()),
      deps.accountId &&
        from <= to &&
        queryClient.ensureQueryData(ledgerQuery({ accountId: deps.accountId, from, to })),
    ])
  },
  component: function Ledger() {
    const navigate = Route.useNavigate()
    return (
      <LedgerPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
