import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { InstitutePage } from '../../features/admission/InstitutePage.tsx'
import { usePageParams } from '../params.ts'

export default function InstituteRoute() {
  usePageTakeover()
  return <InstitutePage institute={usePageParams('institute').institute} />
}
