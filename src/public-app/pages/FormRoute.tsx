import { FormPage } from '../../features/admission/FormPage.tsx'
import { loadForm } from '../../features/admission/loaders.ts'
import { FormNotFound } from '../../features/admission/NotFound.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<'institute' | 'formId'>({
  load: (queryClient, { params }) => loadForm(queryClient, params.institute, params.formId),
  Page: function FormRoute({ params }) {
    usePageTakeover()
    return <FormPage institute={params.institute} formId={params.formId} />
  },
  NotFound: ({ params }) => <FormNotFound institute={params.institute} />,
})
