import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { showToast } from '../../lib/toasts.ts'
import { AuthCard, BackToSignIn } from './AuthCard.tsx'
import { useResetForgottenPassword } from './mutations.ts'
import { NewPasswordForm } from './NewPasswordForm.tsx'
import { clearRecoveryFlow, recoveryFlow } from './recovery-flow.ts'
import { useServerErrors } from '../../lib/server-errors.ts'

/** §4 forgot password, step 4 (the password.reset screen): the new password. */
export function ResetPasswordPage() {
  const { report, fieldErrors } = useServerErrors()
  const { t } = useLingui()
  const navigate = useNavigate()
  const flow = useSnapshot(recoveryFlow)
  const reset = useResetForgottenPassword({
    onSuccess: () => {
      clearRecoveryFlow()
      showToast({ variant: 'success', title: t`Your password has been reset. Please sign in.` })
      void navigate({ to: '/login' })
    },
    onError: (err) => report(err, t`Your password was not reset`),
  })
  return (
    <AuthCard title={<Trans>Set a new password</Trans>} footer={<BackToSignIn />}>
      <NewPasswordForm
        submitLabel={<Trans>Save the new password</Trans>}
        pending={reset.isPending}
        serverErrors={fieldErrors(reset.error)}
        onSubmit={(values) =>
          reset.mutate({ ...values, username: flow.username, resetToken: flow.resetToken })
        }
      />
    </AuthCard>
  )
}
