import { createFileRoute } from '@tanstack/react-router'
import { InstitutePage } from '../features/admission/InstitutePage.tsx'
import { loadInstitute } from '../features/admission/loaders.ts'
import { InstituteNotFound } from '../features/admission/NotFound.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/admission/$institute')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/admission/$institute', location.href),
  loader: ({ context, params }) => loadInstitute(context.queryClient, params.institute),
  notFoundComponent: InstituteNotFound,
  component: function Institute() {
    return <InstitutePage institute={Route.useParams().institute} />
  },
})
