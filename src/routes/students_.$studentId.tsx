import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
import { StudentFeeOverrides } from '../features/fees/StudentFeeOverrides.tsx'
import { StudentInvoices } from '../features/fees/StudentInvoices.tsx'
import { studentInvoicesQuery } from '../features/fees/invoice-queries.ts'
import { StudentPage } from '../features/students/StudentPage.tsx'
import { studentQuery } from '../features/students/queries.ts'
import { useAbility } from '../lib/ability.ts'
import { httpStatus } from '../lib/api.ts'
import {
  campusesQuery,
  groupsQuery,
  sectionsQuery,
  shiftsQuery,
} from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/students_/$studentId')({
  staticData: { strings: ['students', 'fees'] },
  beforeLoad: ({ context, location }) => guardRoute(context, '/students/$studentId', location.href),
  loader: async ({ context: { queryClient, ability }, params }) => {
    // The edit and placement dialogs choose from these: read ahead, not waited for.
    const screen = '/students/$studentId'
    void queryClient.prefetchQuery(campusesQuery(screen))
    void queryClient.prefetchQuery(groupsQuery(screen))
    void queryClient.prefetchQuery(sectionsQuery(screen))
    void queryClient.prefetchQuery(shiftsQuery(screen))
    if (ability.can('read', 'group-invoice')) {
      void queryClient.prefetchQuery(studentInvoicesQuery(params.studentId))
    }
    try {
      await queryClient.ensureQueryData(studentQuery(params.studentId))
    } catch (err) {
      if (httpStatus(err) === 404 || httpStatus(err) === 422) throw notFound()
      throw err
    }
  },
  notFoundComponent: NotFoundPage,
  component: function Student() {
    const { studentId } = Route.useParams()
    const ability = useAbility()
    const { fullName } = useSuspenseQuery(studentQuery(studentId)).data
    // The fee area's part: the student's invoices and own fees, for those who may read them.
    const invoices = ability.can('read', 'group-invoice')
    const ownFees = ability.can('read', 'std-fee-config')
    const fees = (invoices || ownFees) && (
      <>
        {invoices && <StudentInvoices studentId={studentId} />}
        {ownFees && <StudentFeeOverrides studentId={studentId} studentName={fullName} />}
      </>
    )
    return <StudentPage studentId={studentId} fees={fees || undefined} />
  },
})
