import { Trans, useLingui } from '@lingui/react/macro'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import type { ReactElement } from 'react'
import { useAbility } from '../../../lib/ability.ts'
import type { FineRuleRow, RuleHead } from '../../../shared/schemas/fee-rules.ts'
import { fineKindLabels } from '../fine-labels.ts'
import { useRemoveFineRule } from './mutations.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { numberFormat } from '../../../shared/intl-formats.ts'

const headName = (heads: RuleHead[], headId: string | null) =>
  headId === null ? undefined : heads.find((h) => h.id === headId)?.name

/** The institute's fine rules, each editable and removable by who may. */
export function FineRulesTable(props: {
  heads: RuleHead[]
  rules: FineRuleRow[]
  onEdit: (rule: FineRuleRow) => void
}): ReactElement {
  const { heads, rules, onEdit } = props
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { date } = useFormat()
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const n = numberFormat(i18n.locale)
  const { toastUnlessFieldError } = useServerErrors()
  const remove = useRemoveFineRule({
    onSuccess: () => showToast({ variant: 'success', title: t`The fine rule was removed.` }),
    onError: (err) => toastUnlessFieldError(err, t`The fine rule was not removed`),
  })
  return (
    <section className="card">
      <h2>
        <Trans>Rules</Trans>
      </h2>
      {rules.length === 0 ? (
        <p className="muted">
          <Trans>No fine rules yet: late lines are not fined.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: t`Fee head` },
                  { label: t`Charge` },
                  { label: t`Grace days` },
                  { label: t`In force` },
                  { label: t`Actions` },
                ]}
              />
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id}>
                  <th scope="row">{headName(heads, rule.feeHeadId) ?? t`All heads`}</th>
                  <td>{i18n._(fineKindLabels[rule.charge.kind])}</td>
                  <td>{n.format(rule.graceDays)}</td>
                  <td>
                    <InForce
                      from={day(rule.effectiveFrom)}
                      to={rule.effectiveTo && day(rule.effectiveTo)}
                    />
                  </td>
                  <td>
                    {ability.can('update', 'config-fine-management') && (
                      <button type="button" className="button-link" onClick={() => onEdit(rule)}>
                        <Trans>Edit</Trans>
                      </button>
                    )}{' '}
                    {ability.can('delete', 'config-fine-management') && (
                      <button
                        type="button"
                        className="button-link"
                        onClick={() => remove.mutate(rule.id)}
                      >
                        <Trans>Remove</Trans>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** The days a rule is in force by its lines' due dates, in the user's date format. */
function InForce({ from, to }: { from: string; to: string | null }) {
  return to === null ? (
    <Trans>From {from}</Trans>
  ) : (
    <Trans>
      {from} to {to}
    </Trans>
  )
}
