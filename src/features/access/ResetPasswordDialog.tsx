import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Dialog } from '../../components/Dialog.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { ResetUserPasswordSchema, type StaffUser } from '../../shared/schemas/access.ts'
import { TemporaryPasswordField } from './PasswordField.tsx'
import { useResetPassword } from './mutations.ts'
import { temporaryPassword } from './temporary-password.ts'
import { SubmitButton } from '../../components/SubmitButton.tsx'

/** Gives a user a temporary password: they are signed out and choose a new one at sign-in. */
export function ResetPasswordDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const { t } = useLingui()
  const { fullName: name, username } = user
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [password, setPassword] = useState(temporaryPassword)
  const reset = useResetPassword(user, {
    onSuccess: () => {
      showToast({
        variant: 'success',
        title: t`${name} was signed out and must choose a new password.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The password was not reset`),
  })
  const local = checkFields(ResetUserPasswordSchema, { password })
  function submit(e: FormEvent) {
    e.preventDefault()
    if (!local.password) reset.mutate(password)
  }
  return (
    <Dialog title={t`Reset the password of ${username}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">
          <Trans>
            They are signed out everywhere at once and must replace this password when they next
            sign in.
          </Trans>
        </p>
        <TemporaryPasswordField
          value={password}
          error={local.password ?? fieldErrors(reset.error).password}
          onChange={setPassword}
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <SubmitButton busy={reset.isPending}>
            <Trans>Reset password</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
