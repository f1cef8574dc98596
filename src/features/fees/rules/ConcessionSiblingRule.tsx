import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import * as v from 'valibot'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { SiblingRuleSchema, type ConcessionOptions } from '../../../shared/schemas/fee-rules.ts'
import { parsePercent } from '../../../lib/rate-text.ts'
import { useSiblingRule } from './mutations.ts'
import { HeadOptions } from './HeadOptions.tsx'

/**
 * "Second child 10 % off tuition": a requested concession for every younger sibling (students
 * sharing a guardian phone), counted first, then requested at once; each still needs approval.
 */
export function ConcessionSiblingRule({ options }: { options: ConcessionOptions }): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const { issues, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const id = useId()
  const current = options.sessions.find((s) => s.isCurrent) ?? options.sessions[0]
  const [feeHeadId, setFeeHeadId] = useState(options.heads[0]?.id ?? '')
  const [rate, setRate] = useState('10')
  const [reason, setReason] = useState(t`Second child`)
  const [count, setCount] = useState<{ families: number; students: number } | null>(null)
  const preview = useSiblingRule(true, {
    onSuccess: setCount,
    onError: (err) => toastUnlessFieldError(err, t`The siblings were not counted`),
  })
  const make = useSiblingRule(false, {
    onSuccess: (made) => {
      setCount(null)
      showToast({
        variant: 'success',
        title: t({
          message: plural(made.students, {
            one: '# sibling concession was requested.',
            other: '# sibling concessions were requested.',
          }),
        }),
      })
    },
    onError: (err) => toastUnlessFieldError(err, t`The sibling concessions were not requested`),
  })
  const body = {
    feeHeadId: feeHeadId || null,
    academicSessionId: current?.id ?? '',
    rateBp: parsePercent(rate, money.decimal) ?? Number.NaN,
    reason,
  }
  const errors = { ...issues(SiblingRuleSchema, body), ...fieldErrors(preview.error ?? make.error) }
  const parsed = v.safeParse(SiblingRuleSchema, body)

  function submit(e: FormEvent) {
    e.preventDefault()
    if (parsed.success) preview.mutate(parsed.output)
  }

  return (
    <form className="card form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Sibling concessions for all families</Trans>
      </h2>
      <div className="field">
        <label htmlFor={`${id}-head`}>
          <Trans>Fee head</Trans>
        </label>
        <select
          id={`${id}-head`}
          value={feeHeadId}
          onChange={(e) => {
            setFeeHeadId(e.target.value)
            setCount(null)
          }}
        >
          <HeadOptions heads={options.heads} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rate`}>
          <Trans>Percentage off for each younger sibling (%)</Trans>
        </label>
        <input
          id={`${id}-rate`}
          inputMode="decimal"
          value={rate}
          aria-invalid={errors.rateBp ? true : undefined}
          onChange={(e) => {
            setRate(e.target.value)
            setCount(null)
          }}
        />
        {errors.rateBp && <p className="field-error">{errors.rateBp}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>
          <Trans>Reason</Trans>
        </label>
        <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
        {errors.reason && <p className="field-error">{errors.reason}</p>}
      </div>
      {count && <SiblingCount {...count} />}
      <div className="form-actions">
        <SubmitButton busy={preview.isPending} className="button">
          <Trans>Count siblings</Trans>
        </SubmitButton>
        {count && count.students > 0 && parsed.success && (
          <button
            type="button"
            className="button button-primary"
            disabled={make.isPending}
            onClick={() => make.mutate(parsed.output)}
          >
            <Trans>Request them</Trans>
          </button>
        )}
      </div>
    </form>
  )
}

function SiblingCount({ students, families }: { students: number; families: number }) {
  const { t } = useLingui()
  const inFamilies = t({ message: plural(families, { one: '# family', other: '# families' }) })
  return (
    <p className="notice" aria-live="polite">
      <Plural
        value={students}
        one={`# younger sibling in ${inFamilies} would get a requested concession.`}
        other={`# younger siblings in ${inFamilies} would get a requested concession.`}
      />
    </p>
  )
}
