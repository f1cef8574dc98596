import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field } from '../../components/form/Field.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { CreateUserSchema, UpdateUserSchema, type StaffUser } from '../../shared/schemas/access.ts'
import { TemporaryPasswordField } from './PasswordField.tsx'
import { useSaveUser } from './mutations.ts'
import { SubmitButton } from '../../components/SubmitButton.tsx'

interface Values {
  username: string
  fullName: string
  email: string
  phone: string
  roleIds: string[]
  password: string
}

/** Creates a staff user, or edits one (details and roles), checked with the shared schemas. */
export function UserFormDialog({
  user,
  roles,
  rolesLocked = false,
  onClose,
}: {
  user?: StaffUser
  roles: { id: string; name: string }[]
  rolesLocked?: boolean
  onClose: () => void
}) {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [initial] = useState<Values>(() => ({
    username: user?.username ?? '',
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    roleIds: user?.roles.map((r) => r.id) ?? [],
    password: '',
  }))
  const [values, setValues] = useState<Values>(initial)
  const [touched, setTouched] = useState(false)
  const username = user?.username
  // Roles go with an edit only when they changed: re-sending them would need the right to
  // give each of them, even for a change of name.
  const rolesChanged =
    !rolesLocked &&
    [...values.roleIds].sort().join() !==
      (user?.roles
        .map((r) => r.id)
        .sort()
        .join() ?? '')
  const unsaved =
    rolesChanged ||
    (['username', 'fullName', 'email', 'phone', 'password'] as const).some(
      (field) => values[field] !== initial[field],
    )
  const body = user
    ? { ...values, password: undefined, roleIds: rolesChanged ? values.roleIds : undefined }
    : values
  const save = useSaveUser(user, {
    onSuccess: (saved) => {
      const name = saved.fullName
      showToast({
        variant: 'success',
        title: user ? t`${name} was saved.` : t`${name} can now sign in.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The user was not saved`),
  })
  const local = touched ? checkFields(user ? UpdateUserSchema : CreateUserSchema, body) : {}
  const errors = { ...fieldErrors(save.error), ...local }
  const set = (field: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }))

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(user ? UpdateUserSchema : CreateUserSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <Dialog title={user ? t`Edit ${username}` : t`New user`} onClose={onClose} unsaved={unsaved}>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t`Username`}
          value={values.username}
          onChange={set('username')}
          autoComplete="off"
          error={errors.username}
        />
        <Field
          label={t`Full name`}
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
        />
        <Field
          label={t`Email`}
          type="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label={t`Mobile number`}
          type="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <fieldset className="field" disabled={rolesLocked} aria-describedby="roles-help">
          <legend>
            <Trans>Roles</Trans>
          </legend>
          <div className="check-grid">
            {roles.map((role) => (
              <label key={role.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={values.roleIds.includes(role.id)}
                  onChange={(e) =>
                    setValues((v) => ({
                      ...v,
                      roleIds: e.target.checked
                        ? [...v.roleIds, role.id]
                        : v.roleIds.filter((id) => id !== role.id),
                    }))
                  }
                />
                {role.name}
              </label>
            ))}
          </div>
          <small id="roles-help" className={errors.roleIds ? 'field-error' : 'muted'}>
            {errors.roleIds ??
              (rolesLocked ? t`Another administrator changes your own roles.` : undefined)}
          </small>
        </fieldset>
        {!user && (
          <TemporaryPasswordField
            value={values.password}
            error={errors.password}
            onChange={(password) => setValues((v) => ({ ...v, password }))}
          />
        )}
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            {user ? <Trans>Save</Trans> : <Trans>Create user</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
