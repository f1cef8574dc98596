import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import { instituteFormsQuery } from '../../features/admission/queries.ts'
import { StudentInvoicePage } from '../../features/student-invoice/StudentInvoicePage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { StudentInvoiceSearchSchema } from '../../shared/schemas/student-invoice.ts'

export default function StudentInvoiceRoute() {
  usePageTakeover()
  const search = v.parse(StudentInvoiceSearchSchema, useSearch({ strict: false }))
  const institute = useQuery(instituteFormsQuery(search.institute)).data?.institute
  return (
    <StudentInvoicePage
      institute={institute?.slug ?? search.institute}
      instituteName={institute?.name ?? ''}
      student={search.student ?? ''}
    />
  )
}
