import { createFileRoute } from '@tanstack/react-router'
import { ApplicantsPage } from '../features/admission/staff/ApplicantsPage.tsx'
import { applicantsQuery, formOptionsQuery } from '../features/admission/staff/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { ApplicantListQuerySchema } from '../shared/schemas/admission-lists.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(ApplicantListQuerySchema)

export const Route = createFileRoute('/admission-applicants')({
  staticData: { strings: ['admission-staff'] },
  validateSearch,
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/admission-applicants', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(applicantsQuery(deps)),
      context.queryClient.ensureQueryData(formOptionsQuery()),
    ]),
  component: function AdmissionApplicants() {
    const navigate = Route.useNavigate()
    return (
      <ApplicantsPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
