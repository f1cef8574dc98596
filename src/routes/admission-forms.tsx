import { createFileRoute } from '@tanstack/react-router'
import { FormsPage } from '../features/admission/staff/FormsPage.tsx'
import { formsQuery } from '../features/admission/staff/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { AdmissionFormListQuerySchema } from '../shared/schemas/admission-lists.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(AdmissionFormListQuerySchema)

export const Route = createFileRoute('/admission-forms')({
  staticData: { strings: ['admission-staff'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/admission-forms', location.href),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(formsQuery(deps)),
  component: function AdmissionForms() {
    const navigate = Route.useNavigate()
    return (
      <FormsPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
