import { useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { SelectField } from '../../../components/form/Field.tsx'
import {
  concessionCategories,
  concessionStatuses,
  type ConcessionCategory,
  type ConcessionListSearch,
  type ConcessionStatus,
} from '../../../shared/schemas/fee-rules.ts'
import { concessionCategoryLabels, concessionStatusLabels } from '../fine-labels.ts'

/** The concession list's filters: its status and category, each with an "any" choice. */
export function ConcessionFilters({
  search,
  onChange,
}: {
  search: ConcessionListSearch
  onChange: (next: Partial<ConcessionListSearch>) => void
}): ReactElement {
  const { t, i18n } = useLingui()
  return (
    <div className="toolbar">
      <SelectField
        label={t`Status`}
        value={search.status ?? ''}
        onChange={(e) => onChange({ status: (e.target.value || undefined) as ConcessionStatus })}
      >
        <option value="">{t`Any status`}</option>
        {concessionStatuses.map((s) => (
          <option key={s} value={s}>
            {i18n._(concessionStatusLabels[s])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`Category`}
        value={search.category ?? ''}
        onChange={(e) =>
          onChange({ category: (e.target.value || undefined) as ConcessionCategory })
        }
      >
        <option value="">{t`Any category`}</option>
        {concessionCategories.map((c) => (
          <option key={c} value={c}>
            {i18n._(concessionCategoryLabels[c])}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
