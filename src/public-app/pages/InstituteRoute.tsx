import { InstitutePage } from '../../features/admission/InstitutePage.tsx'
import { usePageParams } from '../params.ts'

export default function InstituteRoute() {
  return <InstitutePage institute={usePageParams('institute').institute} />
}
