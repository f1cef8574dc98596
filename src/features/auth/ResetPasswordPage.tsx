import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { postJson } from '../../lib/api.ts'
import { showToast } from '../../lib/toasts.ts'
import { StatusSchema } from '../../shared/schemas/auth.ts'
import { AuthCard, BackToSignIn } from './AuthCard.tsx'
import { NewPasswordForm, type NewPasswordValues } from './NewPasswordForm.tsx'
import { clearRecoveryFlow, recoveryFlow } from './recovery-flow.ts'
import { useServerErrors } from '../../lib/server-errors.ts'

/** §4 forgot password, step 4 (the password.reset screen): the new password. */
export function ResetPasswordPage() {
  const { report, fieldErrors } = useServerErrors()
  const { t } = useLingui()
  const navigate = useNavigate()
  const flow = useSnapshot(recoveryFlow)
  const reset = useMutation({
    mutationFn: (values: NewPasswordValues) =>
      postJson(
        'auth/forgot/password-reset',
        {
          user_name: flow.username,
          reset_token: flow.resetToken,
          password: values.password,
          password_confirmation: values.password_confirmation,
        },
        StatusSchema,
      ),
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
        onSubmit={(values) => reset.mutate(values)}
      />
    </AuthCard>
  )
}
