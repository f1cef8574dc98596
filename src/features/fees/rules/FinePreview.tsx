import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { dateOfDay, dayNumber } from '../../../shared/fees/days.ts'
import { fineAsOf } from '../../../shared/fees/fine.ts'
import type { FineRuleInput } from '../../../shared/schemas/fee-rules.ts'

const lateDays = [5, 15, 45] as const

/**
 * What a rule would charge a sample line, computed here with the same pure function the server
 * charges with: a line of 1,000 in the currency, due on the rule's first day, left unpaid.
 */
export function FinePreview({ rule }: { rule: FineRuleInput }): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const { date } = useFormat()
  const amount = 1000 * 10 ** money.digits
  const due = rule.effectiveFrom
  const line = {
    id: 'sample',
    feeHeadId: rule.feeHeadId ?? 'any',
    dueDate: due,
    amount,
    payments: [],
  }
  const rules = [{ ...rule, id: 'preview' }]
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const dueText = day(due)
  const amountText = money.format(amount)
  return (
    <section className="notice" aria-live="polite" aria-label={t`Preview`}>
      <p>
        <Trans>
          A line of {amountText} due on {dueText}, unpaid:
        </Trans>
      </p>
      <ul>
        {lateDays.map((n) => {
          const asOf = dateOfDay(dayNumber(due) + n)
          const fine = money.format(fineAsOf(line, rules, asOf).amount)
          const when = day(asOf)
          return (
            <li key={n}>
              <Plural
                value={n}
                one={`fine as of ${when} (due date + # day): ${fine}`}
                other={`fine as of ${when} (due date + # days): ${fine}`}
              />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
