import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { dayDate } from '../../../lib/dates.ts'
import { useFormat } from '../../../lib/format.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { Fine, FineRule } from '../../../shared/fees/fine.ts'
import {
  graceEndOf,
  whyNoFineRule,
  type NoFineRuleReason,
} from '../../../shared/fees/fine-reason.ts'
import type { FineCharge } from '../../../shared/schemas/fee-rules.ts'
import type { InvoiceLine } from '../../../shared/schemas/fees-invoices.ts'
import { concessionCategoryLabels } from '../fine-labels.ts'
import { percentInput } from '../../../lib/rate-text.ts'

/**
 * How one line's figures were found, in words a guardian at the counter can follow: the
 * configured fee (or the student's own amount), each concession, the VAT rule, and the fine as
 * of today by the rule in force on the due date (`fine`, from the shared fine function).
 */
export function InvoiceLineComputation({
  line,
  dueDate,
  fine,
  rules,
  today,
}: {
  line: InvoiceLine
  dueDate: string
  /** Null when the line is not fined at all (cancelled, a credit note's, paid). */
  fine: Fine | null
  /** The fine rules the invoice's fines are counted by: to say why none applies to a line. */
  rules: readonly FineRule[]
  today: string
}): ReactElement {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const { date } = useFormat()
  const day = (iso: string) => date(dayDate(iso), 'medium')
  const percent = (bp: number) => `${percentInput(bp, money.decimal)} %`
  const { explanation } = line
  const gross = money.format(explanation.gross.amount)
  const vat = explanation.vat
  const since = line.vatEffectiveFrom ? day(line.vatEffectiveFrom) : null
  const todayText = day(today)

  const chargeText = (charge: FineCharge): string => {
    switch (charge.kind) {
      case 'fixed_once': {
        const amount = money.format(charge.amount)
        return t`${amount} once`
      }
      case 'per_day': {
        const amount = money.format(charge.amount)
        return t`${amount} a day late`
      }
      case 'per_week': {
        const amount = money.format(charge.amount)
        return t`${amount} a started week late`
      }
      case 'percent': {
        const rate = percent(charge.rateBp)
        return t`${rate} of the amount overdue, once`
      }
      case 'slabs':
        return charge.slabs
          .map((slab) => {
            const amount = money.format(slab.amount)
            const from = slab.fromDay
            return t`from day ${from}: ${amount}`
          })
          .join('; ')
    }
  }

  return (
    <dl className="facts invoice-computation">
      <dt>
        <Trans>Fee</Trans>
      </dt>
      <dd>
        {explanation.gross.source === 'override' ? (
          <Trans>The student’s own amount for this head (an override): {gross}</Trans>
        ) : (
          <Trans>The amount configured for the student’s class: {gross}</Trans>
        )}
      </dd>

      <dt>
        <Trans>Concession</Trans>
      </dt>
      {explanation.concessions.length === 0 ? (
        <dd>
          <Trans>None</Trans>
        </dd>
      ) : (
        explanation.concessions.map((c) => {
          const category = i18n._(
            concessionCategoryLabels[c.category as keyof typeof concessionCategoryLabels] ??
              concessionCategoryLabels.other,
          )
          const amount = money.format(c.amount)
          const rate = c.rateBp === null ? '' : percent(c.rateBp)
          return (
            <dd key={c.concessionId}>
              {c.kind === 'percent' ? (
                <Trans>
                  {category} concession, {rate} of {gross}: − {amount}
                </Trans>
              ) : (
                <Trans>
                  {category} concession, a fixed amount: − {amount}
                </Trans>
              )}
            </dd>
          )
        })
      )}

      <dt>
        <Trans>VAT</Trans>
      </dt>
      <dd>
        {vat === null ? (
          <Trans>No VAT on this head on the issue date.</Trans>
        ) : (
          <VatText
            rate={percent(vat.rateBp)}
            inclusive={vat.inclusive}
            base={money.format(vat.base)}
            amount={money.format(vat.amount)}
            since={since}
          />
        )}
      </dd>

      <dt>
        <Trans>Fine as of today</Trans>
      </dt>
      <dd data-testid="line-fine">
        {fine === null ? (
          <Trans>Not fined.</Trans>
        ) : fine.rule === null ? (
          <NoRuleText
            reason={whyNoFineRule(rules, line.feeHeadId, dueDate)}
            due={day(dueDate)}
            day={day}
          />
        ) : (
          <FineText
            fine={fine}
            charge={chargeText(fine.rule.charge)}
            graceDays={fine.rule.graceDays}
            due={day(dueDate)}
            today={todayText}
            amount={money.format(fine.amount)}
            graceEnd={day(graceEndOf(dueDate, fine.rule.graceDays))}
            cap={fine.cappedBy}
          />
        )}
      </dd>
    </dl>
  )
}

function VatText(props: {
  rate: string
  inclusive: boolean
  base: string
  amount: string
  since: string | null
}) {
  const { rate, base, amount, since } = props
  return (
    <>
      {props.inclusive ? (
        <Trans>
          {rate} included in {base}: {amount}
        </Trans>
      ) : (
        <Trans>
          {rate} added to {base}: {amount}
        </Trans>
      )}{' '}
      {since && <Trans>(in force from {since})</Trans>}{' '}
      <Trans>Rounded half up to the smallest unit, per line.</Trans>
    </>
  )
}

function FineText(props: {
  fine: Fine
  charge: string
  graceDays: number
  due: string
  today: string
  amount: string
  graceEnd: string
  cap: Fine['cappedBy']
}) {
  const { charge, graceDays, due, today, amount, graceEnd } = props
  const lateDays = props.fine.lateDays
  return (
    <>
      <Plural
        value={graceDays}
        one={`Rule: ${charge}, after # day’s grace from the due date ${due}.`}
        other={`Rule: ${charge}, after # days’ grace from the due date ${due}.`}
      />{' '}
      {lateDays === 0 && props.fine.overdue > 0 ? (
        <Trans>
          Grace not over yet: fined from the day after {graceEnd}. As of {today}: {amount}
        </Trans>
      ) : lateDays === 0 ? (
        <Trans>
          Not late as of {today}: {amount}
        </Trans>
      ) : (
        <Plural
          value={lateDays}
          one={`# day late as of ${today}: ${amount}`}
          other={`# days late as of ${today}: ${amount}`}
        />
      )}
      {props.cap === 'line' && (
        <>
          {' '}
          <Trans>(capped per line)</Trans>
        </>
      )}
      {props.cap === 'period' && (
        <>
          {' '}
          <Trans>(capped per period)</Trans>
        </>
      )}
    </>
  )
}

/** Why the line has no fine rule, when a rule for its head (or for all heads) exists. */
function NoRuleText(props: {
  reason: NoFineRuleReason
  due: string
  day: (iso: string) => string
}) {
  const { reason, due } = props
  switch (reason.kind) {
    case 'due_before_rule': {
      const from = props.day(reason.ruleFrom)
      return (
        <Trans>
          Not fined: the fine rule for this head covers lines due from {from}; this line fell due on{' '}
          {due}.
        </Trans>
      )
    }
    case 'due_after_rule': {
      const to = props.day(reason.ruleTo)
      return (
        <Trans>
          Not fined: the fine rule for this head covered lines due until {to}; this line fell due on{' '}
          {due}.
        </Trans>
      )
    }
    case 'no_rule':
      return <Trans>No fine rule applies to this head.</Trans>
  }
}
