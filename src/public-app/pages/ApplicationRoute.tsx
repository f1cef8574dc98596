import { ApplicationPage } from '../../features/admission/ApplicationPage.tsx'
import { usePageParams } from '../params.ts'

export default function ApplicationRoute() {
  const { institute, formId, temporaryId } = usePageParams('institute', 'formId', 'temporaryId')
  return <ApplicationPage institute={institute} formId={formId} temporaryId={temporaryId} />
}
