import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { Icon } from '../../components/icons.tsx'
import { PagedTable } from '../../components/table/PagedTable.tsx'
import { SearchBox } from '../../components/table/SearchBox.tsx'
import { useAbility } from '../../lib/ability.ts'
import { deleteResource, patchJson } from '../../lib/api.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { AccountSchema, accountTypes, type Account } from '../../shared/schemas/accounting.ts'
import { AddAccountDialog, MoveAccountDialog, RenameAccountDialog } from './AccountDialogs.tsx'
import {
  buildChartTree,
  cannotAddUnder,
  cannotDelete,
  moveTargets,
  type ChartTree,
} from './chart.ts'
import { accountTypeLabels, levelLabels } from './labels.ts'
import { accountingKey, accountListQuery, chartQuery } from './queries.ts'
import { accountListSearch, type ChartSearch } from './search.ts'
import { SortHeader } from '../../components/table/SortHeader.tsx'
import { useMoney } from '../../lib/use-money.ts'

type SearchChange = (next: Partial<ChartSearch>) => void

/** The name an account is shown by: the five types in the reader's language. */
function useAccountLabel() {
  const { i18n } = useLingui()
  return (account: Account) =>
    account.level === 1 ? i18n._(accountTypeLabels[account.accountType]) : account.name
}

/** /coa: the institute's chart of accounts, as a tree to work on and as a list to search. */
export function ChartPage({
  search,
  onSearchChange,
}: {
  search: ChartSearch
  onSearchChange: SearchChange
}): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const canChange = ability.can('create', 'coa') || ability.can('update', 'coa')
  return (
    <div className="page">
      <header className="page-header">
        <h1>
          <Trans>Chart of accounts</Trans>
        </h1>
        <p className="muted">
          {canChange ? (
            <Trans>
              Five account types, each with up to four levels of heads under it. Vouchers post to
              the accounts at the end of a branch.
            </Trans>
          ) : (
            <Trans>You can look at the chart of accounts but not change it.</Trans>
          )}
        </p>
      </header>
      <div className="tabs" role="tablist" aria-label={t`Views`}>
        <button
          type="button"
          role="tab"
          id="chart-tab-tree"
          aria-selected={search.view === 'tree'}
          aria-controls="chart-panel"
          onClick={() => onSearchChange({ view: 'tree' })}
        >
          <Trans>Tree</Trans>
        </button>
        <button
          type="button"
          role="tab"
          id="chart-tab-list"
          aria-selected={search.view === 'list'}
          aria-controls="chart-panel"
          onClick={() => onSearchChange({ view: 'list' })}
        >
          <Trans>List</Trans>
        </button>
      </div>
      <section
        className="card"
        role="tabpanel"
        id="chart-panel"
        aria-labelledby={`chart-tab-${search.view}`}
      >
        {search.view === 'tree' ? (
          <AccountTree />
        ) : (
          <AccountList search={search} onSearchChange={onSearchChange} />
        )}
      </section>
    </div>
  )
}

type Editing = { kind: 'add' | 'rename' | 'move'; account: Account } | undefined

function AccountTree() {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(chartQuery())
  const tree = useMemo(() => buildChartTree(data.data), [data])
  const ability = useAbility()
  const label = useAccountLabel()
  const money = useMoney()
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(tree.roots.map((r) => r.id)),
  )
  const [editing, setEditing] = useState<Editing>()
  const canCreate = ability.can('create', 'coa')
  const canUpdate = ability.can('update', 'coa')
  const canDelete = ability.can('delete', 'coa')
  const withActions = canCreate || canUpdate || canDelete

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const heads = data.data.filter((a) => tree.children.has(a.id)).map((a) => a.id)
  /** Opens the branches down to an account that was just added or moved. */
  const reveal = (account: Account) =>
    setExpanded((open) => {
      const next = new Set(open)
      for (let id = account.parentId; id; id = tree.byId.get(id)?.parentId ?? null) next.add(id)
      return next
    })

  const rows: ReactNode[] = []
  const visit = (account: Account) => {
    const kids = tree.children.get(account.id) ?? []
    const open = expanded.has(account.id)
    rows.push(
      <TreeRow
        key={account.id}
        account={account}
        label={label(account)}
        hasChildren={kids.length > 0}
        open={open}
        onToggle={() => toggle(account.id)}
        balance={money.balance(account.debit - account.credit)}
        actions={
          withActions ? (
            <AccountActions
              account={account}
              tree={tree}
              label={label(account)}
              onEdit={setEditing}
            />
          ) : undefined
        }
      />,
    )
    if (open) kids.forEach(visit)
  }
  tree.roots.forEach(visit)

  return (
    <>
      <div className="toolbar">
        <button type="button" className="button" onClick={() => setExpanded(new Set(heads))}>
          <Trans>Expand all</Trans>
        </button>
        <button type="button" className="button" onClick={() => setExpanded(new Set())}>
          <Trans>Collapse all</Trans>
        </button>
      </div>
      <div className="table-wrap">
        <table className="table chart-tree" aria-label={t`Chart of accounts`}>
          <thead>
            <tr>
              <th>
                <Trans>Account</Trans>
              </th>
              <th>
                <Trans>GL code</Trans>
              </th>
              <th className="amount">
                <Trans>Balance</Trans>
              </th>
              {withActions && (
                <th>
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
      {editing?.kind === 'add' && (
        <AddAccountDialog
          parent={editing.account}
          parentLabel={label(editing.account)}
          onClose={() => setEditing(undefined)}
          onSaved={reveal}
        />
      )}
      {editing?.kind === 'rename' && (
        <RenameAccountDialog account={editing.account} onClose={() => setEditing(undefined)} />
      )}
      {editing?.kind === 'move' && (
        <MoveAccountDialog
          account={editing.account}
          tree={tree}
          onClose={() => setEditing(undefined)}
          onSaved={reveal}
        />
      )}
    </>
  )
}

function TreeRow({
  account,
  label,
  hasChildren,
  open,
  onToggle,
  balance,
  actions,
}: {
  account: Account
  label: string
  hasChildren: boolean
  open: boolean
  onToggle: () => void
  balance: string
  actions: ReactNode
}) {
  const { t, i18n } = useLingui()
  const levelLabel = levelLabels[account.level - 1]
  return (
    <tr
      className={account.isActive ? `level-${account.level}` : `level-${account.level} inactive`}
      data-account={account.glCode}
    >
      <td className="tree-name" style={{ paddingInlineStart: `${account.level * 1.25 - 0.5}rem` }}>
        {hasChildren ? (
          <button
            type="button"
            className="icon-button tree-toggle"
            aria-expanded={open}
            aria-label={open ? t`Collapse ${label}` : t`Expand ${label}`}
            onClick={onToggle}
          >
            <Icon name={open ? 'chevronDown' : 'chevronRight'} size={16} />
          </button>
        ) : (
          <span className="tree-toggle" />
        )}
        <span>
          {account.level === 1 ? <strong>{label}</strong> : label}
          {!account.isActive && (
            <span className="badge badge-muted">
              <Trans>Inactive</Trans>
            </span>
          )}
          {levelLabel && account.level > 1 && (
            <small className="muted block">{i18n._(levelLabel)}</small>
          )}
        </span>
      </td>
      <td className="gl-code">{account.glCode}</td>
      <td className="amount">{balance}</td>
      {actions !== undefined && <td className="row-actions">{actions}</td>}
    </tr>
  )
}

/** A disabled button says why; the wrapper carries the reason so a pointer can show it. */
function ActionButton({
  onClick,
  reason,
  disabled = false,
  children,
  label,
}: {
  onClick: () => void
  reason?: string | undefined
  disabled?: boolean
  children: ReactNode
  label?: string
}) {
  const off = disabled || reason !== undefined
  return (
    <span title={reason}>
      <button
        type="button"
        className="button-link"
        disabled={off}
        aria-label={label}
        title={reason}
        onClick={onClick}
      >
        {children}
      </button>
    </span>
  )
}

function AccountActions({
  account,
  tree,
  label,
  onEdit,
}: {
  account: Account
  tree: ChartTree
  label: string
  onEdit: (editing: Editing) => void
}) {
  const { t } = useLingui()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const { toastUnlessFieldError } = useServerErrors()
  const name = account.name
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountingKey })

  const setActive = useMutation({
    mutationFn: (isActive: boolean) =>
      patchJson(`accounting/accounts/${account.id}`, { isActive }, AccountSchema),
    onSuccess: async (saved) => {
      await refresh()
      showToast({
        variant: 'success',
        title: saved.isActive
          ? t`${name} can be posted to again.`
          : t`${name} is deactivated: nothing new posts to it.`,
      })
    },
    onError: (err) => toastUnlessFieldError(err, t`The account was not changed`),
  })
  const remove = useMutation({
    mutationFn: () => deleteResource(`accounting/accounts/${account.id}`),
    onSuccess: async () => {
      await refresh()
      showToast({ variant: 'success', title: t`${name} was deleted.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The account was not deleted`),
  })

  const addBlocked = cannotAddUnder(account)
  const addReason =
    addBlocked === 'deepest'
      ? t`A sub-child head cannot have accounts under it.`
      : addBlocked === 'postings'
        ? t`An account with postings cannot have accounts under it.`
        : undefined
  const deleteBlocked = cannotDelete(account)
  const deleteReason =
    deleteBlocked === 'children'
      ? t`Delete or move the accounts under it first.`
      : deleteBlocked === 'postings'
        ? t`An account with postings cannot be deleted: deactivate it.`
        : undefined
  const typeRoot = account.level === 1
  const noTarget =
    !typeRoot && moveTargets(tree, account).length === 0
      ? t`No other head of its type is one level above it.`
      : undefined

  return (
    <>
      {ability.can('create', 'coa') && (
        <ActionButton
          reason={addReason}
          label={t`Add under ${label}`}
          onClick={() => onEdit({ kind: 'add', account })}
        >
          <Trans>Add under</Trans>
        </ActionButton>
      )}
      {!typeRoot && ability.can('update', 'coa') && (
        <>
          <ActionButton
            label={t`Rename ${name}`}
            onClick={() => onEdit({ kind: 'rename', account })}
          >
            <Trans>Rename</Trans>
          </ActionButton>
          <ActionButton
            label={t`Move ${name}`}
            reason={noTarget}
            onClick={() => onEdit({ kind: 'move', account })}
          >
            <Trans>Move</Trans>
          </ActionButton>
          <ActionButton
            label={account.isActive ? t`Deactivate ${name}` : t`Reactivate ${name}`}
            disabled={setActive.isPending}
            onClick={() => setActive.mutate(!account.isActive)}
          >
            {account.isActive ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
          </ActionButton>
        </>
      )}
      {!typeRoot && ability.can('delete', 'coa') && (
        <ActionButton
          label={t`Delete ${name}`}
          reason={deleteReason}
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t`Delete the account ${name}?`)) remove.mutate()
          }}
        >
          <Trans>Delete</Trans>
        </ActionButton>
      )}
    </>
  )
}

/** Every account, searched, filtered by type, sorted and paged by the server. */
function AccountList({
  search,
  onSearchChange,
}: {
  search: ChartSearch
  onSearchChange: SearchChange
}) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const label = useAccountLabel()
  const { data } = useSuspenseQuery(accountListQuery(accountListSearch(search)))
  const setSearch = useCallback(
    (next: Partial<ChartSearch>) => onSearchChange({ page: 1, ...next }),
    [onSearchChange],
  )
  const onSearch = useCallback((q: string) => setSearch({ q }), [setSearch])
  const sortBy = search.sortBy ?? 'glCode'
  const sort = (next: Pick<ChartSearch, 'sortBy' | 'sortDesc'>) => onSearchChange(next)
  return (
    <>
      <div className="toolbar">
        <SearchBox value={search.q} onSearch={onSearch} label={t`Search by name or GL code`} />
        <label>
          <Trans>Type</Trans>{' '}
          <select
            value={search.accountType ?? ''}
            onChange={(e) =>
              setSearch({
                accountType: (e.target.value || undefined) as ChartSearch['accountType'],
              })
            }
          >
            <option value="">{t`All`}</option>
            {accountTypes.map((type) => (
              <option key={type} value={type}>
                {i18n._(accountTypeLabels[type])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        columns={6}
        empty={<Trans>No accounts match.</Trans>}
        page={search.page}
        perPage={search.perPage}
        total={data.total}
        onPage={onSearchChange}
        head={
          <tr>
            <SortHeader
              column="glCode"
              label={t`GL code`}
              sortBy={sortBy}
              sortDesc={search.sortDesc}
              onSort={sort}
            />
            <SortHeader
              column="name"
              label={t`Name`}
              sortBy={sortBy}
              sortDesc={search.sortDesc}
              onSort={sort}
            />
            <SortHeader
              column="accountType"
              label={t`Type`}
              sortBy={sortBy}
              sortDesc={search.sortDesc}
              onSort={sort}
            />
            <SortHeader
              column="level"
              label={t`Level`}
              sortBy={sortBy}
              sortDesc={search.sortDesc}
              onSort={sort}
            />
            <th className="amount">
              <Trans>Balance</Trans>
            </th>
            <th>
              <Trans>Status</Trans>
            </th>
          </tr>
        }
        rows={data.data.map((account) => {
          const levelLabel = levelLabels[account.level - 1]
          return (
            <tr key={account.id} className={account.isActive ? undefined : 'inactive'}>
              <td className="gl-code">{account.glCode}</td>
              <td>{label(account)}</td>
              <td>{i18n._(accountTypeLabels[account.accountType])}</td>
              <td>{levelLabel ? i18n._(levelLabel) : account.level}</td>
              <td className="amount">{money.balance(account.debit - account.credit)}</td>
              <td>
                <span className={account.isActive ? 'badge' : 'badge badge-muted'}>
                  {account.isActive ? t`Active` : t`Inactive`}
                </span>
                {account.isLeaf && account.level > 1 && (
                  <small className="muted block">
                    <Trans>Posts vouchers</Trans>
                  </small>
                )}
              </td>
            </tr>
          )
        })}
      />
    </>
  )
}
