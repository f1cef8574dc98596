import { createFileRoute } from '@tanstack/react-router'
import { ImportPage } from '../features/students/ImportPage.tsx'
import { importQuery } from '../features/students/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { ImportPageSearchSchema } from '../shared/schemas/student-search.ts'

const validateSearch = searchOf(ImportPageSearchSchema)

export const Route = createFileRoute('/students_/import')({
  staticData: { strings: ['students'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/students/import', location.href),
  loaderDeps: ({ search }) => search,
  // An upload that is gone (or another institute's) is simply not shown: the page starts over.
  loader: ({ context, deps }) =>
    deps.importId && context.queryClient.prefetchQuery(importQuery(deps.importId)),
  component: function StudentImport() {
    const navigate = Route.useNavigate()
    return (
      <ImportPage
        importId={Route.useSearch().importId}
        onImportChange={(importId) => void navigate({ search: { importId }, replace: true })}
      />
    )
  },
})
