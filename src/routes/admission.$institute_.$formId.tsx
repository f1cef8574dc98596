import { createFileRoute } from '@tanstack/react-router'
import { FormPage } from '../features/admission/FormPage.tsx'
import { loadForm } from '../features/admission/loaders.ts'
import { FormNotFound } from '../features/admission/NotFound.tsx'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/admission/$institute_/$formId')({
  staticData: { layout: 'full' },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/admission/$institute/$formId', location.href),
  loader: ({ context, params }) => loadForm(context.queryClient, params.institute, params.formId),
  notFoundComponent: function NotFound() {
    return <FormNotFound institute={Route.useParams().institute} />
  },
  component: function AdmissionForm() {
    const { institute, formId } = Route.useParams()
    return <FormPage institute={institute} formId={formId} />
  },
})
