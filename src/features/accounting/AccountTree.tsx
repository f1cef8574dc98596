import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import { Icon } from '../../components/icons.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { Account } from '../../shared/schemas/accounting.ts'
import { AccountActions, type Editing } from './AccountActions.tsx'
import { AddAccountDialog, MoveAccountDialog, RenameAccountDialog } from './AccountDialogs.tsx'
import { useAccountLabel } from './account-label.ts'
import { buildChartTree } from './chart.ts'
import { levelLabels } from './labels.ts'
import { chartQuery } from './queries.ts'

/** The chart as a tree to work on: branches open and close, each row with its actions. */
export function AccountTree() {
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
            <HeaderRow
              columns={[
                { label: <Trans>Account</Trans> },
                { label: <Trans>GL code</Trans> },
                { label: <Trans>Balance</Trans>, amount: true },
                withActions && { label: <Trans>Actions</Trans>, hidden: true },
              ]}
            />
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
      {actions !== undefined && <td>{actions}</td>}
    </tr>
  )
}
