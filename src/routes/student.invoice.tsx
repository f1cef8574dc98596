import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { loadInstitute } from '../features/admission/loaders.ts'
import { InstituteNotFound } from '../features/admission/NotFound.tsx'
import { instituteFormsQuery } from '../features/admission/queries.ts'
import { StudentInvoicePage } from '../features/student-invoice/StudentInvoicePage.tsx'
import { guardRoute } from '../lib/route-guard.ts'
import { StudentInvoiceSearchSchema } from '../shared/schemas/student-invoice.ts'

/** A guardian's page (spec route `student-invoice`): the student's invoices, paid online. */
export const Route = createFileRoute('/student/invoice')({
  validateSearch: StudentInvoiceSearchSchema,
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) => guardRoute(context, '/student/invoice', location.href),
  loaderDeps: ({ search }) => ({ institute: search.institute }),
  loader: ({ context, deps }) => loadInstitute(context.queryClient, deps.institute),
  notFoundComponent: InstituteNotFound,
  component: function StudentInvoice() {
    const search = Route.useSearch()
    const institute = useQuery(instituteFormsQuery(search.institute)).data?.institute
    return (
      <StudentInvoicePage
        institute={institute?.slug ?? search.institute}
        instituteName={institute?.name ?? ''}
        student={search.student ?? ''}
      />
    )
  },
})
