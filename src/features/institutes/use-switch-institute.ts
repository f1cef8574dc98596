import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { chooseInstitute, type WorkingInstitute } from '../../lib/working-institute.ts'

/**
 * Makes this tab work in another institute (or, undefined, the user's own): every answer held
 * for the previous one is dropped and the page's data is read again for the chosen one.
 */
export function useSwitchInstitute() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return (institute: WorkingInstitute | undefined) => {
    chooseInstitute(institute)
    queryClient.clear()
    void router.invalidate()
  }
}
