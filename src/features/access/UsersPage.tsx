import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { RowActions } from '../../components/table/RowActions.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { keepOwnSession } from '../../lib/impersonation.ts'
import { useListSearch } from '../../lib/list-search.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { session } from '../../lib/session.ts'
import { showToast } from '../../lib/toasts.ts'
import type { StaffUser } from '../../shared/schemas/access.ts'
import type { UserListSearch } from '../../shared/schemas/access-queries.ts'
import { useImpersonate, useSetUserStatus } from './mutations.ts'
import { campusOptionsQuery, roleOptionsQuery, usersQuery } from './queries.ts'
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx'
import { UserFormDialog } from './UserFormDialog.tsx'
import './access.css'

type SearchChange = (next: Partial<UserListSearch>) => void

type Editing = { kind: 'create' } | { kind: 'edit' | 'reset'; user: StaffUser } | undefined

/** /access-control: the institute's staff, and what an administrator does with them. */
export function UsersPage({
  search,
  onSearchChange,
}: {
  search: UserListSearch
  onSearchChange: SearchChange
}): ReactElement {
  const { t } = useLingui()
  const navigate = useNavigate()
  const ability = useAbility()
  const { dateTime } = useFormat()
  const { toastUnlessFieldError } = useServerErrors()
  const { data } = useSuspenseQuery(usersQuery(search))
  const { data: roleOptions } = useSuspenseQuery(roleOptionsQuery())
  const campuses = useSuspenseQuery(campusOptionsQuery()).data.data
  // An institute of one campus has no one to limit to it.
  const withCampuses = campuses.length > 1
  const [editing, setEditing] = useState<Editing>()
  const me = session.userData()?.id
  const canCreate = ability.can('create', 'ACL')
  const canUpdate = ability.can('update', 'ACL')
  const canImpersonate = ability.can('manage', 'all')

  const { setSearch, onSearch, sorting, paging } = useListSearch(search, onSearchChange, {
    sortBy: 'username',
  })

  const setStatus = useSetUserStatus({
    onSuccess: (user) => {
      const name = user.fullName
      showToast({
        variant: 'success',
        title:
          user.status === 'active'
            ? t`${name} can sign in again.`
            : t`${name} is deactivated and signed out everywhere.`,
      })
    },
    onError: (err) => toastUnlessFieldError(err, t`The user was not changed`),
  })

  const impersonate = useImpersonate({
    onSuccess: ({ access_token }) => {
      keepOwnSession()
      void navigate({
        to: '/impersonation-setup/$accessToken',
        params: { accessToken: access_token },
      })
    },
    onError: (err) => toastUnlessFieldError(err, t`You cannot act as this user`),
  })

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Users</Trans>}
        subtitle={
          canUpdate ? (
            <Trans>Staff who sign in to this institute, their roles and their access.</Trans>
          ) : (
            <Trans>You can look at the users but not change them.</Trans>
          )
        }
        actions={
          canCreate && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setEditing({ kind: 'create' })}
            >
              <Trans>New user</Trans>
            </button>
          )
        }
      />

      <section className="card">
        <div className="toolbar">
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search users`} />
          <label>
            <Trans>Status</Trans>{' '}
            <select
              value={search.status ?? ''}
              onChange={(e) =>
                setSearch({ status: (e.target.value || undefined) as typeof search.status })
              }
            >
              <option value="">{t`All`}</option>
              <option value="active">{t`Active`}</option>
              <option value="inactive">{t`Inactive`}</option>
            </select>
          </label>
          <label>
            <Trans>Role</Trans>{' '}
            <select
              value={search.roleId ?? ''}
              onChange={(e) => setSearch({ roleId: e.target.value || undefined })}
            >
              <option value="">{t`All`}</option>
              {roleOptions.data.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </select>
          </label>
        </div>

        <PagedTable
          empty={<Trans>No users match.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          columns={[
            { label: t`Username`, sort: 'username' },
            { label: t`Full name`, sort: 'fullName' },
            { label: <Trans>Roles</Trans> },
            withCampuses && { label: <Trans>Campuses</Trans> },
            { label: t`Status`, sort: 'status' },
            { label: <Trans>Last sign-in</Trans> },
            canUpdate && { label: <Trans>Actions</Trans>, hidden: true },
          ]}
          rows={data.data.map((user) => {
            const self = user.id === me
            const selfReason = self ? t`You cannot do this to your own account.` : undefined
            return (
              <tr key={user.id}>
                <td>
                  <strong>{user.username}</strong>
                  {user.mustChangePassword && (
                    <small className="muted block">
                      <Trans>Must choose a password</Trans>
                    </small>
                  )}
                </td>
                <td>{user.fullName}</td>
                <td>
                  {user.roles.map((r) => (
                    <span key={r.id} className="tag">
                      {r.name}
                    </span>
                  ))}
                </td>
                {withCampuses && (
                  <td>
                    {user.campuses.length === 0 ? (
                      <span className="muted">{t`All campuses`}</span>
                    ) : (
                      user.campuses.map((c) => (
                        <span key={c.id} className="tag">
                          {c.name}
                        </span>
                      ))
                    )}
                  </td>
                )}
                <td>
                  <span className={user.status === 'active' ? 'badge' : 'badge badge-muted'}>
                    {user.status === 'active' ? t`Active` : t`Inactive`}
                  </span>
                </td>
                <td>{user.lastSignInAt ? dateTime(new Date(user.lastSignInAt)) : '—'}</td>
                {canUpdate && (
                  <td>
                    <RowActions
                      label={user.fullName}
                      actions={[
                        {
                          label: <Trans>Edit</Trans>,
                          onSelect: () => setEditing({ kind: 'edit', user }),
                        },
                        {
                          label: <Trans>Reset password</Trans>,
                          reason: selfReason,
                          onSelect: () => setEditing({ kind: 'reset', user }),
                        },
                        {
                          label: user.status === 'active' ? t`Deactivate` : t`Reactivate`,
                          reason: selfReason,
                          disabled: setStatus.isPending,
                          onSelect: () => {
                            const status = user.status === 'active' ? 'deactivate' : 'reactivate'
                            const name = user.fullName
                            const question =
                              status === 'deactivate'
                                ? t`Deactivate ${name}? They are signed out at once.`
                                : t`Let ${name} sign in again?`
                            if (window.confirm(question)) setStatus.mutate({ user, status })
                          },
                        },
                        canImpersonate && {
                          label: <Trans>Act as</Trans>,
                          reason:
                            selfReason ??
                            (user.status !== 'active'
                              ? t`Deactivated users cannot sign in.`
                              : undefined),
                          disabled: impersonate.isPending,
                          onSelect: () => impersonate.mutate(user),
                        },
                      ]}
                    />
                  </td>
                )}
              </tr>
            )
          })}
        />
      </section>

      {editing?.kind === 'create' && (
        <UserFormDialog
          roles={roleOptions.data}
          campuses={campuses}
          onClose={() => setEditing(undefined)}
        />
      )}
      {editing?.kind === 'edit' && (
        <UserFormDialog
          user={editing.user}
          roles={roleOptions.data}
          campuses={campuses}
          rolesLocked={editing.user.id === me}
          onClose={() => setEditing(undefined)}
        />
      )}
      {editing?.kind === 'reset' && (
        <ResetPasswordDialog user={editing.user} onClose={() => setEditing(undefined)} />
      )}
    </div>
  )
}
