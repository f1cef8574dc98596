import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import * as v from 'valibot'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import {
  FineRuleInputSchema,
  type FineKind,
  type FineRuleRow,
  type RuleHead,
} from '../../../shared/schemas/fee-rules.ts'
import { FinePreview } from './FinePreview.tsx'
import { emptyFineDraft, fineDraftOf, fineRuleCandidate, type FineDraft } from './fine-draft.ts'
import { fineKindLabels } from '../fine-labels.ts'
import { SlabEditor } from './SlabEditor.tsx'
import { useSaveFineRule } from './mutations.ts'
import { HeadOptions } from './HeadOptions.tsx'

const kinds = Object.keys(fineKindLabels) as FineKind[]

/** A new fine rule, or the given one being edited, with the preview of what it would charge. */
export function FineRuleForm(props: {
  heads: RuleHead[]
  /** Where a new rule starts: the earliest open day, so lines already overdue are fined. */
  defaultFrom: string
  rule: FineRuleRow | undefined
  onDone: () => void
}): ReactElement {
  const { heads, defaultFrom, rule, onDone } = props
  const { t, i18n } = useLingui()
  const money = useMoney()
  const currency = money.currency
  const ability = useAbility()
  const { fieldErrors, issues, toastUnlessFieldError } = useServerErrors()
  const [draft, setDraft] = useState<FineDraft>(() =>
    rule ? fineDraftOf(rule, money) : emptyFineDraft(defaultFrom),
  )
  const id = useId()
  const set = (change: Partial<FineDraft>) => setDraft((d) => ({ ...d, ...change }))
  const candidate = fineRuleCandidate(draft, money)
  const parsed = v.safeParse(FineRuleInputSchema, candidate)
  const save = useSaveFineRule({
    onSuccess: () => {
      setDraft(emptyFineDraft(defaultFrom))
      setTouched(false)
      onDone()
      showToast({ variant: 'success', title: t`The fine rule was saved.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The fine rule was not saved`),
  })
  const [touched, setTouched] = useState(false)
  const errors: Record<string, string> = {
    ...(touched ? issues(FineRuleInputSchema, candidate) : {}),
    ...fieldErrors(save.error),
  }
  const errorOf = (...paths: string[]) =>
    paths
      .map((p) => errors[p] ?? Object.entries(errors).find(([k]) => k.startsWith(`${p}.`))?.[1])
      .find(Boolean)
  const editable = ability.can(rule ? 'update' : 'create', 'config-fine-management')

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (!parsed.success) return
    save.mutate({ ...parsed.output, ...(rule && { id: rule.id }) })
  }

  const field = (
    name: string,
    label: ReactElement,
    input: (props: { id: string; 'aria-invalid'?: boolean }) => ReactElement,
    error = errorOf(name),
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input({ id: `${id}-${name}`, ...(error && { 'aria-invalid': true }) })}
      {error && <p className="field-error">{error}</p>}
    </div>
  )

  return (
    <form className="card form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{rule ? <Trans>Edit rule</Trans> : <Trans>New rule</Trans>}</h2>
      <fieldset className="plain" disabled={!editable}>
        {field('feeHeadId', <Trans>Fee head</Trans>, (p) => (
          <select
            {...p}
            value={draft.feeHeadId}
            onChange={(e) => set({ feeHeadId: e.target.value })}
          >
            <HeadOptions heads={heads} />
          </select>
        ))}
        {field('graceDays', <Trans>Grace days</Trans>, (p) => (
          <input
            {...p}
            inputMode="numeric"
            value={draft.graceDays}
            onChange={(e) => set({ graceDays: e.target.value })}
          />
        ))}
        {field('charge.kind', <Trans>How the fine is charged</Trans>, (p) => (
          <select
            {...p}
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value as FineKind })}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {i18n._(fineKindLabels[k])}
              </option>
            ))}
          </select>
        ))}
        {draft.kind === 'percent' &&
          field('charge.rateBp', <Trans>Percentage (%)</Trans>, (p) => (
            <input
              {...p}
              inputMode="decimal"
              value={draft.rate}
              onChange={(e) => set({ rate: e.target.value })}
            />
          ))}
        {(draft.kind === 'fixed_once' || draft.kind === 'per_day' || draft.kind === 'per_week') &&
          field('charge.amount', <Trans>Amount ({currency})</Trans>, (p) => (
            <input
              {...p}
              inputMode="decimal"
              value={draft.amount}
              onChange={(e) => set({ amount: e.target.value })}
            />
          ))}
        {draft.kind === 'slabs' && (
          <SlabEditor
            slabs={draft.slabs}
            onChange={(slabs) => set({ slabs })}
            error={errorOf('charge.slabs')}
            currency={money.currency}
          />
        )}
        {field('lineCap', <Trans>Cap per invoice line (optional)</Trans>, (p) => (
          <input
            {...p}
            inputMode="decimal"
            value={draft.lineCap}
            onChange={(e) => set({ lineCap: e.target.value })}
          />
        ))}
        {field('periodCap', <Trans>Cap per student and period (optional)</Trans>, (p) => (
          <input
            {...p}
            inputMode="decimal"
            value={draft.periodCap}
            onChange={(e) => set({ periodCap: e.target.value })}
          />
        ))}
        {field('effectiveFrom', <Trans>For lines due from</Trans>, (p) => (
          <input
            {...p}
            type="date"
            value={draft.effectiveFrom}
            onChange={(e) => set({ effectiveFrom: e.target.value })}
          />
        ))}
        {field('effectiveTo', <Trans>Until (optional)</Trans>, (p) => (
          <input
            {...p}
            type="date"
            value={draft.effectiveTo}
            onChange={(e) => set({ effectiveTo: e.target.value })}
          />
        ))}
      </fieldset>
      {parsed.success ? (
        <FinePreview rule={parsed.output} />
      ) : (
        <p className="muted">
          <Trans>The preview shows once the rule is complete.</Trans>
        </p>
      )}
      <div className="form-actions">
        <SubmitButton busy={save.isPending} disabled={!editable}>
          <Trans>Save rule</Trans>
        </SubmitButton>
        {rule && (
          <button type="button" className="button" onClick={onDone}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  )
}
