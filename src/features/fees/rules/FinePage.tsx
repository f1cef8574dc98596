import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useAbility } from '../../../lib/ability.ts'
import type { FineRuleRow } from '../../../shared/schemas/fee-rules.ts'
import { FineRuleForm } from './FineRuleForm.tsx'
import { FineRulesTable } from './FineRulesTable.tsx'
import { fineRulesQuery } from './queries.ts'

/** /config-fine-management: automatic late fees per head or for all heads, with a preview. */
export function FinePage(): ReactElement {
  const { data } = useSuspenseQuery(fineRulesQuery())
  const ability = useAbility()
  const [editing, setEditing] = useState<FineRuleRow>()
  return (
    <div className="page">
      <PageHeader
        title={<Trans>Fines</Trans>}
        subtitle={
          <Trans>
            Late fees charged automatically once a line’s grace days are over: per fee head, or for
            all heads when a head has no rule of its own.
          </Trans>
        }
      />
      {(ability.can('create', 'config-fine-management') || editing) && (
        <FineRuleForm
          key={editing?.id ?? 'new'}
          heads={data.heads}
          defaultFrom={data.defaultFrom}
          rule={editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      <FineRulesTable heads={data.heads} rules={data.data} onEdit={setEditing} />
    </div>
  )
}
