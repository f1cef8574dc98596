import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundPage } from '../components/status/StatusPages.tsx'
import { ApplicantPage } from '../features/admission/staff/ApplicantPage.tsx'
import { applicantQuery } from '../features/admission/staff/queries.ts'
import { httpStatus } from '../lib/api.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/admission-applicants_/$applicantId')({
  staticData: { strings: ['admission-staff'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/admission-applicants/$applicantId', location.href),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(applicantQuery(params.applicantId))
    } catch (err) {
      if (httpStatus(err) === 404 || httpStatus(err) === 422) throw notFound()
      throw err
    }
  },
  notFoundComponent: NotFoundPage,
  component: function Applicant() {
    return <ApplicantPage applicantId={Route.useParams().applicantId} />
  },
})
