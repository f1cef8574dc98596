import { useLingui } from '@lingui/react/macro'
import type { SelectHTMLAttributes } from 'react'
import type { Account } from '../../shared/schemas/accounting.ts'
import { accountTypes } from '../../shared/schemas/accounting-queries.ts'
import { accountTypeLabels } from './labels.ts'

/** A choice of accounts grouped by type, each shown by GL code and name. */
export function AccountSelect({
  accounts,
  value,
  onChange,
  placeholder,
  ...rest
}: {
  accounts: readonly Account[]
  value: string
  onChange: (accountId: string) => void
  /** The empty choice's text. */
  placeholder: string
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const { i18n } = useLingui()
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...rest}>
      <option value="">{placeholder}</option>
      {accountTypes.map((type) => {
        const ofType = accounts.filter((a) => a.accountType === type)
        if (ofType.length === 0) return null
        return (
          <optgroup key={type} label={i18n._(accountTypeLabels[type])}>
            {ofType.map((account) => (
              <option key={account.id} value={account.id}>
                {account.glCode} · {account.name}
              </option>
            ))}
          </optgroup>
        )
      })}
    </select>
  )
}
