import { Trans, useLingui } from '@lingui/react/macro'
import { navigateTo } from '../../../lib/navigation.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { AuthCard, BackToSignIn } from '../AuthCard.tsx'
import { NewPasswordForm } from './NewPasswordForm.tsx'
import { clearRecoveryFlow, recoveryFlow } from './recovery-flow.ts'
import { useResetForgottenPassword } from './recovery.ts'

/** §4 forgot password, step 4 (the password.reset screen): the new password. */
export function ResetPasswordPage() {
  const { report, fieldErrors } = useServerErrors()
  const { t } = useLingui()
  const reset = useResetForgottenPassword({
    onSuccess: () => {
      clearRecoveryFlow()
      void navigateTo('/login', {
        toast: { variant: 'success', title: t`Your password has been reset. Please sign in.` },
      })
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
          reset.mutate({
            ...values,
            username: recoveryFlow.username,
            resetToken: recoveryFlow.resetToken,
          })
        }
      />
    </AuthCard>
  )
}
