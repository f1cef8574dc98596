import { createFileRoute } from '@tanstack/react-router'
import { ApplicationPage } from '../features/admission/ApplicationPage.tsx'
import { loadApplication } from '../features/admission/loaders.ts'
import { ApplicationNotFound } from '../features/admission/NotFound.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/admission/$institute_/$formId_/temporaryId/$temporaryId')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/admission/$institute/$formId/temporaryId/$temporaryId', location.href),
  loader: ({ context, params }) =>
    loadApplication(context.queryClient, params.institute, params.temporaryId),
  notFoundComponent: ApplicationNotFound,
  component: function Application() {
    const { institute, formId, temporaryId } = Route.useParams()
    return <ApplicationPage institute={institute} formId={formId} temporaryId={temporaryId} />
  },
})
