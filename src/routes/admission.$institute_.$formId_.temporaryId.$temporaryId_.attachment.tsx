import { createFileRoute } from '@tanstack/react-router'
import { AttachmentPage } from '../features/admission/AttachmentPage.tsx'
import { loadApplication } from '../features/admission/loaders.ts'
import { ApplicationNotFound } from '../features/admission/NotFound.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute(
  '/admission/$institute_/$formId_/temporaryId/$temporaryId_/attachment',
)({
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) =>
    guardRoute(
      context,
      '/admission/$institute/$formId/temporaryId/$temporaryId/attachment',
      location.href,
    ),
  loader: ({ context, params }) =>
    loadApplication(context.queryClient, params.institute, params.temporaryId),
  notFoundComponent: ApplicationNotFound,
  component: function Attachment() {
    const { institute, formId, temporaryId } = Route.useParams()
    return <AttachmentPage institute={institute} formId={formId} temporaryId={temporaryId} />
  },
})
