import { useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import type { RuleHead } from '../../../shared/schemas/fee-rules.ts'

/** The choice of a rule's head (fines, concessions): all heads (the empty value) or one of them. */
export function HeadOptions({ heads }: { heads: readonly RuleHead[] }): ReactElement {
  const { t } = useLingui()
  return (
    <>
      <option value="">{t`All heads`}</option>
      {heads.map((h) => (
        <option key={h.id} value={h.id}>
          {h.name} ({h.code})
        </option>
      ))}
    </>
  )
}
