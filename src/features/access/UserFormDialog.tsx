import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field } from '../../components/form/Field.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { session } from '../../lib/session.ts'
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
  campusIds: string[]
  password: string
}

const sameSet = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join()

/**
 * Creates a staff user, or edits one (details, roles and the campuses they are limited to),
 * checked with the shared schemas. An administrator limited to some campuses is offered theirs
 * alone, ticked for a new user.
 */
export function UserFormDialog({
  user,
  roles,
  campuses,
  rolesLocked = false,
  onClose,
}: {
  user?: StaffUser
  roles: { id: string; name: string }[]
  campuses: { id: string; name: string }[]
  rolesLocked?: boolean
  onClose: () => void
}) {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const ownCampusIds = session.userData()?.campusIds
  const campusChoices = ownCampusIds
    ? campuses.filter((c) => ownCampusIds.includes(c.id))
    : campuses
  const [initial] = useState<Values>(() => ({
    username: user?.username ?? '',
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    roleIds: user?.roles.map((r) => r.id) ?? [],
    campusIds: user?.campuses.map((c) => c.id) ?? ownCampusIds ?? [],
    password: '',
  }))
  const [values, setValues] = useState<Values>(initial)
  const [touched, setTouched] = useState(false)
  const username = user?.username
  // Roles go with an edit only when they changed: re-sending them would need the right to
  // give each of them, even for a change of name.
  const rolesChanged = !rolesLocked && !sameSet(values.roleIds, user?.roles.map((r) => r.id) ?? [])
  const campusesChanged = !sameSet(values.campusIds, initial.campusIds)
  const unsaved =
    rolesChanged ||
    campusesChanged ||
    (['username', 'fullName', 'email', 'phone', 'password'] as const).some(
      (field) => values[field] !== initial[field],
    )
  const body = user
    ? {
        ...values,
        password: undefined,
        roleIds: rolesChanged ? values.roleIds : undefined,
        campusIds: campusesChanged ? values.campusIds : undefined,
      }
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
        {(campusChoices.length > 1 || values.campusIds.length > 0) && (
          <fieldset className="field" aria-describedby="campuses-help">
            <legend>
              <Trans>Campuses</Trans>
            </legend>
            <div className="check-grid">
              {campusChoices.map((campus) => (
                <label key={campus.id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={values.campusIds.includes(campus.id)}
                    onChange={(e) =>
                      setValues((v) => ({
                        ...v,
                        campusIds: e.target.checked
                          ? [...v.campusIds, campus.id]
                          : v.campusIds.filter((id) => id !== campus.id),
                      }))
                    }
                  />
                  {campus.name}
                </label>
              ))}
            </div>
            <small id="campuses-help" className={errors.campusIds ? 'field-error' : 'muted'}>
              {errors.campusIds ??
                t`Reports show this user the figures of the campuses ticked; none ticked: every campus.`}
            </small>
          </fieldset>
        )}
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
