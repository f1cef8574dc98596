import { createFileRoute } from '@tanstack/react-router'
import { AdvancePage } from '../features/collection/AdvancePage.tsx'
import {
  advanceFamilyQuery,
  advanceHoldersQuery,
  advanceSettingsQuery,
  pendingOverridesQuery,
} from '../features/collection/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { AdvancePageSearchSchema } from '../shared/schemas/collection-search.ts'

const validateSearch = searchOf(AdvancePageSearchSchema)

export const Route = createFileRoute('/advance-override')({
  staticData: { strings: ['collection'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/advance-override', location.href),
  loaderDeps: ({ search }) => search,
  // A family that is gone (or another institute's) shows its refusal in place.
  loader: async ({ context, deps }) => {
    const { queryClient } = context
    await Promise.all([
      queryClient.ensureQueryData(advanceHoldersQuery('')),
      queryClient.ensureQueryData(pendingOverridesQuery()),
      queryClient.ensureQueryData(advanceSettingsQuery()),
      deps.studentId && queryClient.prefetchQuery(advanceFamilyQuery(deps.studentId)),
    ])
  },
  component: function AdvanceOverride() {
    const navigate = Route.useNavigate()
    return (
      <AdvancePage
        studentId={Route.useSearch().studentId}
        onShow={(studentId) => void navigate({ search: studentId ? { studentId } : {} })}
      />
    )
  },
})
