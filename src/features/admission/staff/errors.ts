import { useLingui } from '@lingui/react/macro'
import { apiError, httpStatus } from '../../../lib/api.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'

/**
 * The shared refusals, with what a staff member should do when an application's status moved
 * under them: it is reloaded, so they look again before deciding.
 */
export function useAdmissionErrors() {
  const { t } = useLingui()
  const base = useServerErrors()
  return {
    ...base,
    toastUnlessFieldError(err: unknown, title: string) {
      if (httpStatus(err) !== 422 && apiError(err)?.code === 'invalid_status') {
        showToast({
          variant: 'error',
          title,
          text: t`The application’s status changed in the meantime. It has been reloaded: look again before deciding.`,
        })
      } else base.toastUnlessFieldError(err, title)
    },
  }
}
