import { useLingui } from '@lingui/react/macro'
import type { Account } from '../../shared/schemas/accounting.ts'
import { accountTypeLabels } from './labels.ts'

/** The name an account is shown by: the five types in the reader's language. */
export function useAccountLabel() {
  const { i18n } = useLingui()
  return (account: Account) =>
    account.level === 1 ? i18n._(accountTypeLabels[account.accountType]) : account.name
}
