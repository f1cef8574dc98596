import { createFileRoute } from '@tanstack/react-router'
import { DayPage } from '../features/collection/DayPage.tsx'
import { cashierDayQuery } from '../features/collection/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { DayPageSearchSchema } from '../shared/schemas/collection-search.ts'

const validateSearch = searchOf(DayPageSearchSchema)

export const Route = createFileRoute('/payment-collection_/day')({
  staticData: { strings: ['collection'] },
  validateSearch,
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/payment-collection/day', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(cashierDayQuery(deps)),
  component: function CashierDayRoute() {
    const navigate = Route.useNavigate()
    return <DayPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />
  },
})
