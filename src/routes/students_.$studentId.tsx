import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
import { studentInvoicesQuery } from '../features/fees/invoices/queries.ts'
import { StudentPage } from '../features/students/StudentPage.tsx'
import { studentQuery } from '../features/students/queries.ts'
import { useAbility } from '../lib/ability.ts'
import { httpStatus } from '../lib/api.ts'
import { ensureAreaStrings } from '../lib/i18n.ts'
import {
  campusesQuery,
  groupsQuery,
  sectionsQuery,
  shiftsQuery,
} from '../lib/academic-structure.ts'
import { guardRoute } from '../lib/route-guard.ts'

// The fee area's part comes after the student, with its strings: the page is read more often
// than its fees are.
const StudentFees = lazy(() =>
  Promise.all([import('../features/fees/StudentFees.tsx'), ensureAreaStrings(['fees'])]).then(
    ([m]) => ({ default: m.StudentFees }),
  ),
)

// The student's ledger, with the reports' words for its entries, for those who may read it.
const StudentLedgerSection = lazy(() =>
  Promise.all([
    import('../features/students/StudentLedgerSection.tsx'),
    ensureAreaStrings(['reports']),
  ]).then(([m]) => ({ default: m.StudentLedgerSection })),
)

export const Route = createFileRoute('/students_/$studentId')({
  staticData: { strings: ['students'] },
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
      <Suspense fallback={<section className="card" aria-busy="true" />}>
        <StudentFees
          studentId={studentId}
          studentName={fullName}
          invoices={invoices}
          ownFees={ownFees}
        />
      </Suspense>
    )
    const ledger = ability.can('read', 'student-ledger') && (
      <Suspense fallback={<section className="card" aria-busy="true" />}>
        <StudentLedgerSection studentId={studentId} />
      </Suspense>
    )
    return (
      <StudentPage studentId={studentId} fees={fees || undefined} ledger={ledger || undefined} />
    )
  },
})
