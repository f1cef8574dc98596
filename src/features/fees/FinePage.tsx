import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import * as v from 'valibot'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useAbility } from '../../lib/ability.ts'
import { todayIso } from '../../lib/dates.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import {
  FineRuleInputSchema,
  type FineCharge,
  type FineKind,
  type FineRuleRow,
  type RuleHead,
} from '../../shared/schemas/fee-rules.ts'
import { FinePreview } from './FinePreview.tsx'
import { fineKindLabels } from './fine-labels.ts'
import { parsePercent, percentInput } from './rate-text.ts'
import { useRemoveFineRule, useSaveFineRule } from './rule-mutations.ts'
import { fineRulesQuery } from './rule-queries.ts'

interface Draft {
  id?: string
  feeHeadId: string
  graceDays: string
  kind: FineKind
  amount: string
  rate: string
  slabs: { fromDay: string; amount: string }[]
  lineCap: string
  periodCap: string
  effectiveFrom: string
  effectiveTo: string
}

const emptyDraft = (): Draft => ({
  feeHeadId: '',
  graceDays: '0',
  kind: 'per_day',
  amount: '',
  rate: '',
  slabs: [{ fromDay: '1', amount: '' }],
  lineCap: '',
  periodCap: '',
  effectiveFrom: todayIso(),
  effectiveTo: '',
})

const kinds = Object.keys(fineKindLabels) as FineKind[]

/** /config-fine-management: automatic late fees per head or for all heads, with a preview. */
export function FinePage(): ReactElement {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(fineRulesQuery())
  const money = useMoney()
  const currency = money.currency
  const ability = useAbility()
  const { fieldErrors, issues, toastUnlessFieldError } = useServerErrors()
  const [draft, setDraft] = useState<Draft>(emptyDraft)
  const id = useId()
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }))
  const amountOf = (text: string) => money.parse(text) ?? Number.NaN
  const capOf = (text: string) => (text.trim() === '' ? null : amountOf(text))

  const charge = (): FineCharge => {
    switch (draft.kind) {
      case 'percent':
        return { kind: 'percent', rateBp: parsePercent(draft.rate, money.decimal) ?? Number.NaN }
      case 'slabs':
        return {
          kind: 'slabs',
          slabs: draft.slabs.map((s) => ({
            fromDay: Number(s.fromDay),
            amount: amountOf(s.amount),
          })),
        }
      default:
        return { kind: draft.kind, amount: amountOf(draft.amount) }
    }
  }
  const candidate = {
    feeHeadId: draft.feeHeadId || null,
    effectiveFrom: draft.effectiveFrom,
    effectiveTo: draft.effectiveTo || null,
    graceDays: draft.graceDays.trim() === '' ? Number.NaN : Number(draft.graceDays),
    charge: charge(),
    lineCap: capOf(draft.lineCap),
    periodCap: capOf(draft.periodCap),
  }
  const parsed = v.safeParse(FineRuleInputSchema, candidate)
  const save = useSaveFineRule({
    onSuccess: () => {
      setDraft(emptyDraft())
      showToast({ variant: 'success', title: t`The fine rule was saved.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The fine rule was not saved`),
  })
  const remove = useRemoveFineRule({
    onSuccess: () => showToast({ variant: 'success', title: t`The fine rule was removed.` }),
    onError: (err) => toastUnlessFieldError(err, t`The fine rule was not removed`),
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
  const editable = ability.can(draft.id ? 'update' : 'create', 'config-fine-management')

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (!parsed.success) return
    save.mutate({ ...parsed.output, ...(draft.id && { id: draft.id }) })
  }

  function edit(rule: FineRuleRow) {
    const c = rule.charge
    setTouched(false)
    setDraft({
      id: rule.id,
      feeHeadId: rule.feeHeadId ?? '',
      graceDays: String(rule.graceDays),
      kind: c.kind,
      amount: 'amount' in c ? money.toInput(c.amount) : '',
      rate: c.kind === 'percent' ? percentInput(c.rateBp, money.decimal) : '',
      slabs:
        c.kind === 'slabs'
          ? c.slabs.map((s) => ({ fromDay: String(s.fromDay), amount: money.toInput(s.amount) }))
          : [{ fromDay: '1', amount: '' }],
      lineCap: rule.lineCap === null ? '' : money.toInput(rule.lineCap),
      periodCap: rule.periodCap === null ? '' : money.toInput(rule.periodCap),
      effectiveFrom: rule.effectiveFrom,
      effectiveTo: rule.effectiveTo ?? '',
    })
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
      {(ability.can('create', 'config-fine-management') || draft.id) && (
        <form className="card form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>
            {draft.id ? <Trans>Edit rule</Trans> : <Trans>New rule</Trans>}
          </h2>
          <fieldset className="plain" disabled={!editable}>
            {field('feeHeadId', <Trans>Fee head</Trans>, (p) => (
              <select
                {...p}
                value={draft.feeHeadId}
                onChange={(e) => set({ feeHeadId: e.target.value })}
              >
                <option value="">{t`All heads`}</option>
                {data.heads.map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.name} ({h.code})
                  </option>
                ))}
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
            {(draft.kind === 'fixed_once' ||
              draft.kind === 'per_day' ||
              draft.kind === 'per_week') &&
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
            {draft.id && (
              <button type="button" className="button" onClick={() => setDraft(emptyDraft())}>
                <Trans>Cancel</Trans>
              </button>
            )}
          </div>
        </form>
      )}
      <section className="card">
        <h2>
          <Trans>Rules</Trans>
        </h2>
        {data.data.length === 0 ? (
          <p className="muted">
            <Trans>No fine rules yet: late lines are not fined.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Fee head</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Charge</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Grace days</Trans>
                  </th>
                  <th scope="col">
                    <Trans>In force</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Actions</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((rule) => (
                  <tr key={rule.id}>
                    <th scope="row">{headName(data.heads, rule.feeHeadId) ?? t`All heads`}</th>
                    <td>{i18n._(fineKindLabels[rule.charge.kind])}</td>
                    <td>{rule.graceDays}</td>
                    <td>
                      {rule.effectiveFrom} – {rule.effectiveTo ?? '…'}
                    </td>
                    <td>
                      {ability.can('update', 'config-fine-management') && (
                        <button type="button" className="button-link" onClick={() => edit(rule)}>
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
    </div>
  )
}

const headName = (heads: RuleHead[], headId: string | null) =>
  headId === null ? undefined : heads.find((h) => h.id === headId)?.name

/** The slabs of days late and what each charges; a row is added or removed at will. */
function SlabEditor(props: {
  slabs: Draft['slabs']
  onChange: (slabs: Draft['slabs']) => void
  error: string | undefined
  currency: string
}): ReactElement {
  const { t } = useLingui()
  const { slabs, onChange, currency } = props
  const change = (i: number, part: Partial<Draft['slabs'][number]>) =>
    onChange(slabs.map((s, k) => (k === i ? { ...s, ...part } : s)))
  return (
    <fieldset className="plain">
      <legend>
        <Trans>Slabs</Trans>
      </legend>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>From day late</Trans>
            </th>
            <th scope="col">
              <Trans>Fine ({currency})</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {slabs.map((s, i) => {
            const n = i + 1
            return (
              <tr key={i}>
                <td>
                  <input
                    aria-label={t`Slab ${n}: from day late`}
                    inputMode="numeric"
                    value={s.fromDay}
                    onChange={(e) => change(i, { fromDay: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Slab ${n}: fine`}
                    inputMode="decimal"
                    value={s.amount}
                    onChange={(e) => change(i, { amount: e.target.value })}
                  />
                </td>
                <td>
                  {slabs.length > 1 && (
                    <button
                      type="button"
                      className="button-link"
                      onClick={() => onChange(slabs.filter((_, k) => k !== i))}
                    >
                      {t`Remove slab ${n}`}
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {props.error && <p className="field-error">{props.error}</p>}
      <button
        type="button"
        className="button"
        onClick={() => onChange([...slabs, { fromDay: '', amount: '' }])}
      >
        <Trans>Add a slab</Trans>
      </button>
    </fieldset>
  )
}
