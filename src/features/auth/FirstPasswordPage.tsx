import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { refreshAbility } from '../../lib/ability.ts'
import { homeRouteFor, session } from '../../lib/session.ts'
import { showToast } from '../../lib/toasts.ts'
import { AuthCard } from './AuthCard.tsx'
import { useSetFirstPassword } from './mutations.ts'
import { NewPasswordForm } from './guest/NewPasswordForm.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'

/** /password-reset: a user whose account an admin created chooses their own password. */
export function FirstPasswordPage() {
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const { t } = useLingui()
  const navigate = useNavigate()
  const save = useSetFirstPassword({
    onSuccess: ({ userData }) => {
      session.saveUser(userData)
      refreshAbility()
      showToast({ variant: 'success', title: t`Your password has been saved.` })
      void navigate({ href: homeRouteFor(userData), replace: true })
    },
    onError: (err) => toastUnlessFieldError(err, t`Your password was not saved`),
  })
  return (
    <AuthCard
      title={<Trans>Choose your password</Trans>}
      intro={
        <Trans>
          Your account was created for you. Choose a password only you know before you go on.
        </Trans>
      }
    >
      <NewPasswordForm
        submitLabel={<Trans>Save and continue</Trans>}
        pending={save.isPending}
        serverErrors={fieldErrors(save.error)}
        onSubmit={(values) => save.mutate(values)}
      />
    </AuthCard>
  )
}
