import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useState, type ReactElement } from 'react'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { SortHeader } from '../../components/table/SortHeader.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { postJson } from '../../lib/api.ts'
import { useFormat } from '../../lib/format.ts'
import { keepOwnSession } from '../../lib/impersonation.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { session } from '../../lib/session.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  StaffUserSchema,
  type StaffUser,
  type UserListSearch,
} from '../../shared/schemas/access.ts'
import { ImpersonateResponseSchema } from '../../shared/schemas/auth.ts'
import { roleOptionsQuery, usersQuery } from './queries.ts'
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx'
import { UserFormDialog } from './UserFormDialog.tsx'

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
  const queryClient = useQueryClient()
  const { toastUnlessFieldError } = useServerErrors()
  const { data } = useSuspenseQuery(usersQuery(search))
  const { data: roleOptions } = useSuspenseQuery(roleOptionsQuery())
  const [editing, setEditing] = useState<Editing>()
  const me = session.userData()?.id
  const canCreate = ability.can('create', 'ACL')
  const canUpdate = ability.can('update', 'ACL')
  const canImpersonate = ability.can('manage', 'all')

  const setSearch = useCallback(
    (next: Partial<UserListSearch>) => onSearchChange({ page: 1, ...next }),
    [onSearchChange],
  )
  const onSearch = useCallback((q: string) => setSearch({ q }), [setSearch])
  const sorting = {
    sortBy: search.sortBy ?? 'username',
    sortDesc: search.sortDesc,
    onSort: onSearchChange,
  }

  const setStatus = useMutation({
    mutationFn: ({ user, status }: { user: StaffUser; status: 'deactivate' | 'reactivate' }) =>
      postJson(`access/users/${user.id}/${status}`, {}, StaffUserSchema),
    onSuccess: (user) => {
      const name = user.fullName
      void queryClient.invalidateQueries({ queryKey: ['access'] })
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

  const impersonate = useMutation({
    mutationFn: (user: StaffUser) =>
      postJson('auth/impersonate', { user_id: user.id }, ImpersonateResponseSchema),
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
      <header className="page-header page-header-actions">
        <div>
          <h1>
            <Trans>Users</Trans>
          </h1>
          <p className="muted">
            {canUpdate ? (
              <Trans>Staff who sign in to this institute, their roles and their access.</Trans>
            ) : (
              <Trans>You can look at the users but not change them.</Trans>
            )}
          </p>
        </div>
        {canCreate && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => setEditing({ kind: 'create' })}
          >
            <Trans>New user</Trans>
          </button>
        )}
      </header>

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
          columns={canUpdate ? 6 : 5}
          empty={<Trans>No users match.</Trans>}
          page={search.page}
          perPage={search.perPage}
          total={data.total}
          onPage={onSearchChange}
          head={
            <tr>
              <SortHeader column="username" label={t`Username`} {...sorting} />
              <SortHeader column="fullName" label={t`Full name`} {...sorting} />
              <th>
                <Trans>Roles</Trans>
              </th>
              <SortHeader column="status" label={t`Status`} {...sorting} />
              <th>
                <Trans>Last sign-in</Trans>
              </th>
              {canUpdate && (
                <th>
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              )}
            </tr>
          }
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
                <td>
                  <span className={user.status === 'active' ? 'badge' : 'badge badge-muted'}>
                    {user.status === 'active' ? t`Active` : t`Inactive`}
                  </span>
                </td>
                <td>{user.lastSignInAt ? dateTime(new Date(user.lastSignInAt)) : '—'}</td>
                {canUpdate && (
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button-link"
                      onClick={() => setEditing({ kind: 'edit', user })}
                    >
                      <Trans>Edit</Trans>
                    </button>
                    <button
                      type="button"
                      className="button-link"
                      disabled={self}
                      title={selfReason}
                      onClick={() => setEditing({ kind: 'reset', user })}
                    >
                      <Trans>Reset password</Trans>
                    </button>
                    <button
                      type="button"
                      className="button-link"
                      disabled={self || setStatus.isPending}
                      title={selfReason}
                      onClick={() => {
                        const status = user.status === 'active' ? 'deactivate' : 'reactivate'
                        const name = user.fullName
                        const question =
                          status === 'deactivate'
                            ? t`Deactivate ${name}? They are signed out at once.`
                            : t`Let ${name} sign in again?`
                        if (window.confirm(question)) setStatus.mutate({ user, status })
                      }}
                    >
                      {user.status === 'active' ? t`Deactivate` : t`Reactivate`}
                    </button>
                    {canImpersonate && (
                      <button
                        type="button"
                        className="button-link"
                        disabled={self || user.status !== 'active' || impersonate.isPending}
                        title={
                          selfReason ??
                          (user.status !== 'active'
                            ? t`Deactivated users cannot sign in.`
                            : undefined)
                        }
                        onClick={() => impersonate.mutate(user)}
                      >
                        <Trans>Act as</Trans>
                      </button>
                    )}
                  </td>
                )}
              </tr>
            )
          })}
        />
      </section>

      {editing?.kind === 'create' && (
        <UserFormDialog roles={roleOptions.data} onClose={() => setEditing(undefined)} />
      )}
      {editing?.kind === 'edit' && (
        <UserFormDialog
          user={editing.user}
          roles={roleOptions.data}
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
