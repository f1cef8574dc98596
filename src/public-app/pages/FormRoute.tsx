import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { FormPage } from '../../features/admission/FormPage.tsx'
import { usePageParams } from '../params.ts'

export default function FormRoute() {
  usePageTakeover()
  const { institute, formId } = usePageParams('institute', 'formId')
  return <FormPage institute={institute} formId={formId} />
}
