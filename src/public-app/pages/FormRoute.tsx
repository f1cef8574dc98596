import { FormPage } from '../../features/admission/FormPage.tsx'
import { usePageParams } from '../params.ts'

export default function FormRoute() {
  const { institute, formId } = usePageParams('institute', 'formId')
  return <FormPage institute={institute} formId={formId} />
}
