import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { UnsavedChangesPrompt } from '../../components/Dialog.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts'
import { buildAbility, type AbilityRule } from '../../shared/permissions/ability.ts'
import { CreateRoleSchema, type Role } from '../../shared/schemas/access.ts'
import { homePageName, reachableHomePages } from './home-pages.ts'
import { grantsOf, PermissionMatrix, rulesFromGrants, type Grants } from './PermissionMatrix.tsx'
import { useDeleteRole, useSaveRole } from './mutations.ts'
import { rolesQuery } from './queries.ts'
import './access.css'
import { SubmitButton } from '../../components/SubmitButton.tsx'

const newRole = 'new'

/** /oisacl-roles: the institute's roles, each with its permissions and its home page. */
export function RolesPage({
  selected,
  onSelect: select,
}: {
  selected: string | undefined
  onSelect: (role: string) => void
}): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const { data } = useSuspenseQuery(rolesQuery())
  const roles = data.data
  const current =
    selected === newRole
      ? undefined
      : (roles.find((r) => r.id === selected) ?? roles.find((r) => !r.isSystem) ?? roles[0])
  return (
    <div className="page">
      <PageHeader
        title={<Trans>Roles and permissions</Trans>}
        subtitle={<Trans>Changes apply to the role’s users from their next action.</Trans>}
        actions={
          ability.can('create', 'oisacl-roles') && (
            <button type="button" className="button button-primary" onClick={() => select(newRole)}>
              <Trans>New role</Trans>
            </button>
          )
        }
      />
      <div className="split">
        <nav className="card role-list" aria-label={t`Roles`}>
          <ul>
            {roles.map((role) => (
              <li key={role.id}>
                <button
                  type="button"
                  className={role.id === current?.id ? 'active' : undefined}
                  aria-current={role.id === current?.id}
                  onClick={() => select(role.id)}
                >
                  <span>{role.name}</span>
                  <small className="muted">
                    {role.isSystem ? (
                      t`locked`
                    ) : (
                      <Plural value={role.userCount} one="# user" other="# users" />
                    )}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <RoleEditor key={current?.id ?? newRole} role={current} onSaved={select} />
      </div>
    </div>
  )
}

function RoleEditor({ role, onSaved }: { role: Role | undefined; onSaved: (id: string) => void }) {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  // What was saved last: a change from it asks before the role or the page is left.
  const [saved, setSaved] = useState(() => ({
    name: role?.name ?? '',
    homeRoute: role?.homeRoute ?? '/dashboard',
    grants: grantsOf(role?.rules ?? [{ action: 'read', subject: 'dashboard' }]),
  }))
  const [name, setName] = useState(saved.name)
  const [homeRoute, setHomeRoute] = useState(saved.homeRoute)
  const [grants, setGrants] = useState<Grants>(saved.grants)
  const [touched, setTouched] = useState(false)
  const rules = rulesFromGrants(grants)
  const reachable = reachableHomePages(buildAbility(rules as AbilityRule[]))
  const editable = !role?.isSystem && ability.can(role ? 'update' : 'create', 'oisacl-roles')
  const guard = useUnsavedChanges(
    editable &&
      (name !== saved.name ||
        homeRoute !== saved.homeRoute ||
        grantsKey(grants) !== grantsKey(saved.grants)),
  )

  const save = useSaveRole(role, {
    onSuccess: (result) => {
      const roleName = result.name
      showToast({ variant: 'success', title: t`The role ${roleName} was saved.` })
      // Saved: showing the saved role is no reason to ask.
      guard.release()
      setSaved({ name: result.name, homeRoute: result.homeRoute, grants: grantsOf(result.rules) })
      onSaved(result.id)
    },
    onError: (err) => toastUnlessFieldError(err, t`The role was not saved`),
  })
  const remove = useDeleteRole({
    onSuccess: (_, removed) => {
      const roleName = removed.name
      showToast({ variant: 'success', title: t`The role ${roleName} was deleted.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The role was not deleted`),
  })

  const local = touched ? checkFields(CreateRoleSchema, { name, homeRoute, rules }) : {}
  const errors = { ...fieldErrors(save.error), ...local }
  const homeError =
    errors.homeRoute ??
    (reachable.includes(homeRoute)
      ? undefined
      : t`Users of this role could not open this page: choose one its permissions allow.`)

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (homeError || Object.keys(checkFields(CreateRoleSchema, { name, homeRoute, rules })).length)
      return
    save.mutate({ name, homeRoute, rules })
  }

  const deleteReason = !role
    ? undefined
    : role.isSystem
      ? t`The admin role cannot be deleted.`
      : role.userCount > 0
        ? t`This role is still given to users: take it from them first.`
        : undefined

  return (
    <section className="card role-editor">
      {role?.isSystem && (
        <p className="notice" role="note">
          <Trans>The admin role may do everything and cannot be changed.</Trans>
        </p>
      )}
      {!role?.isSystem && !editable && (
        <p className="notice" role="note">
          <Trans>You can look at this role but not change it.</Trans>
        </p>
      )}
      <form className="form" noValidate onSubmit={submit}>
        <fieldset disabled={!editable} className="plain">
          <Field
            label={t`Role name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
          <div className="field">
            <label htmlFor="home-route">
              <Trans>Home page after sign-in</Trans>
            </label>
            <select
              id="home-route"
              value={homeRoute}
              aria-invalid={Boolean(homeError)}
              onChange={(e) => setHomeRoute(e.target.value)}
            >
              {[...new Set([homeRoute, ...reachable])].map((path) => (
                <option key={path} value={path}>
                  {homePageName(i18n, path)}
                </option>
              ))}
            </select>
            {homeError && <small className="field-error">{homeError}</small>}
          </div>
        </fieldset>
        {!role?.isSystem && (
          <PermissionMatrix grants={grants} disabled={!editable} onChange={setGrants} />
        )}
        {editable && (
          <div className="form-actions">
            {role && ability.can('delete', 'oisacl-roles') && (
              <button
                type="button"
                className="button button-danger"
                disabled={Boolean(deleteReason) || remove.isPending}
                title={deleteReason}
                onClick={() => {
                  const roleName = role.name
                  if (window.confirm(t`Delete the role ${roleName}?`)) remove.mutate(role)
                }}
              >
                <Trans>Delete role</Trans>
              </button>
            )}
            <SubmitButton busy={save.isPending}>
              {role ? <Trans>Save role</Trans> : <Trans>Create role</Trans>}
            </SubmitButton>
          </div>
        )}
        {deleteReason && editable && <p className="muted">{deleteReason}</p>}
      </form>
      <UnsavedChangesPrompt guard={guard} />
    </section>
  )
}

/** Grants compared by what they give, whatever the order they were ticked in. */
function grantsKey(grants: Grants): string {
  return JSON.stringify(
    Object.entries(grants)
      .filter(([, held]) => held && held.length > 0)
      .map(([subject, held]) => [subject, [...(held ?? [])].sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  )
}
