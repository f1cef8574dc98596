import { useQuery } from '@tanstack/react-query'
import { loadInstitute } from '../../features/admission/loaders.ts'
import { InstituteNotFound } from '../../features/admission/NotFound.tsx'
import { instituteFormsQuery } from '../../features/admission/queries.ts'
import { StudentInvoicePage } from '../../features/student-invoice/StudentInvoicePage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { StudentInvoiceSearchSchema } from '../../shared/schemas/student-invoice.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<never, { institute: string; student?: string | undefined }>({
  search: StudentInvoiceSearchSchema,
  load: (queryClient, { search }) => loadInstitute(queryClient, search.institute),
  Page: function StudentInvoiceRoute({ search }) {
    usePageTakeover()
    const institute = useQuery(instituteFormsQuery(search.institute)).data?.institute
    return (
      <StudentInvoicePage
        institute={institute?.slug ?? search.institute}
        instituteName={institute?.name ?? ''}
        student={search.student ?? ''}
      />
    )
  },
  NotFound: InstituteNotFound,
})
