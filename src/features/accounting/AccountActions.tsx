import { Trans, useLingui } from '@lingui/react/macro'
import { RowActions } from '../../components/table/RowActions.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import type { Account } from '../../shared/schemas/accounting.ts'
import { cannotAddUnder, cannotDelete, moveTargets, type ChartTree } from './chart.ts'
import { useDeleteAccount, useUpdateAccount } from './mutations.ts'

/** The dialog the tree has open, and for which account. */
export type Editing = { kind: 'add' | 'rename' | 'move'; account: Account } | undefined

/** What can be done to one account of the tree: each action its own permission and reason. */
export function AccountActions({
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
  const { toastUnlessFieldError } = useServerErrors()
  const name = account.name

  const setActive = useUpdateAccount(account.id, {
    onSuccess: (saved) => {
      showToast({
        variant: 'success',
        title: saved.isActive
          ? t`${name} can be posted to again.`
          : t`${name} is deactivated: nothing new posts to it.`,
      })
    },
    onError: (err) => toastUnlessFieldError(err, t`The account was not changed`),
  })
  const remove = useDeleteAccount(account.id, {
    onSuccess: () => {
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
  const canUpdate = !typeRoot && ability.can('update', 'coa')
  const noTarget =
    !typeRoot && moveTargets(tree, account).length === 0
      ? t`No other head of its type is one level above it.`
      : undefined

  return (
    <RowActions
      label={label}
      actions={[
        ability.can('create', 'coa') && {
          label: <Trans>Add under</Trans>,
          name: t`Add under ${label}`,
          reason: addReason,
          onSelect: () => onEdit({ kind: 'add', account }),
        },
        canUpdate && {
          label: <Trans>Rename</Trans>,
          name: t`Rename ${name}`,
          onSelect: () => onEdit({ kind: 'rename', account }),
        },
        canUpdate && {
          label: <Trans>Move</Trans>,
          name: t`Move ${name}`,
          reason: noTarget,
          onSelect: () => onEdit({ kind: 'move', account }),
        },
        canUpdate && {
          label: account.isActive ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>,
          name: account.isActive ? t`Deactivate ${name}` : t`Reactivate ${name}`,
          disabled: setActive.isPending,
          onSelect: () => setActive.mutate({ isActive: !account.isActive }),
        },
        !typeRoot &&
          ability.can('delete', 'coa') && {
            label: <Trans>Delete</Trans>,
            name: t`Delete ${name}`,
            reason: deleteReason,
            disabled: remove.isPending,
            onSelect: () => {
              if (window.confirm(t`Delete the account ${name}?`)) remove.mutate()
            },
          },
      ]}
    />
  )
}
