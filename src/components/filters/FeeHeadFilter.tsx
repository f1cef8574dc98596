import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { feeHeadsQuery } from '../../lib/fee-heads.ts'
import type { GuardedPath } from '../../shared/permissions/route-access.ts'

/**
 * A report's fee head filter: one head, or all ("All fee heads"). `screen` is the page the heads
 * are kept offline for.
 */
export function FeeHeadFilter({
  value,
  onChange,
  screen,
}: {
  value: string | undefined
  onChange: (next: { feeHeadId: string | undefined }) => void
  screen: GuardedPath
}) {
  const { t } = useLingui()
  const heads = useSuspenseQuery(feeHeadsQuery(screen)).data.data
  return (
    <label>
      <Trans>Fee head</Trans>{' '}
      <select
        value={value ?? ''}
        onChange={(e) => onChange({ feeHeadId: e.target.value || undefined })}
      >
        <option value="">{t`All fee heads`}</option>
        {heads.map((head) => (
          <option key={head.id} value={head.id}>
            {head.name}
          </option>
        ))}
      </select>
    </label>
  )
}
