import { InstitutePage } from '../../features/admission/InstitutePage.tsx'
import { loadInstitute } from '../../features/admission/loaders.ts'
import { InstituteNotFound } from '../../features/admission/NotFound.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<'institute'>({
  load: (queryClient, { params }) => loadInstitute(queryClient, params.institute),
  Page: function InstituteRoute({ params }) {
    usePageTakeover()
    return <InstitutePage institute={params.institute} />
  },
  NotFound: InstituteNotFound,
})
