import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { ApplicationPage } from '../../features/admission/ApplicationPage.tsx'
import { usePageParams } from '../params.ts'

export default function ApplicationRoute() {
  usePageTakeover()
  const { institute, formId, temporaryId } = usePageParams('institute', 'formId', 'temporaryId')
  return <ApplicationPage institute={institute} formId={formId} temporaryId={temporaryId} />
}
