import { AttachmentPage } from '../../features/admission/AttachmentPage.tsx'
import { loadApplication } from '../../features/admission/loaders.ts'
import { ApplicationNotFound } from '../../features/admission/NotFound.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<'institute' | 'formId' | 'temporaryId'>({
  load: (queryClient, { params }) =>
    loadApplication(queryClient, params.institute, params.temporaryId),
  Page: function AttachmentRoute({ params }) {
    usePageTakeover()
    return (
      <AttachmentPage
        institute={params.institute}
        formId={params.formId}
        temporaryId={params.temporaryId}
      />
    )
  },
  NotFound: ApplicationNotFound,
})
