import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { apiError } from '../../../lib/http-error.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import type { FeeStructure } from '../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import {
  GroupInvoiceScopeSchema,
  type GroupInvoiceRun,
} from '../../../shared/schemas/fees-invoices.ts'
import { GroupInvoiceWho } from './GroupInvoiceWho.tsx'
import { usePreviewGroupInvoice, useStartGroupInvoice } from './mutations.ts'
import { groupInvoiceOptionsQuery } from './queries.ts'
import { emptyDraft, scopeOf, toggled, type ScopeDraft } from './group-invoice-scope.ts'
import { paymentCyclesQuery } from '../queries.ts'

const GroupInvoicePreviewCard = lazy(() =>
  import('./GroupInvoicePreviewCard.tsx').then((m) => ({ default: m.GroupInvoicePreviewCard })),
)

interface Props {
  structure: FeeStructure
  heads: FeeHead[]
  sessionId: string
  onSessionChange: (sessionId: string) => void
  /** A run started (or, refused as one of the same choice is running, that one). */
  onRun: (runId: string, notice?: string) => void
}

/**
 * What to invoice and for whom, its preview (counts, totals per class and head, who is left
 * out and why) and the button that starts the run for exactly what was previewed.
 */
export function GroupInvoiceForm({
  structure,
  heads,
  sessionId,
  onSessionChange,
  onRun,
}: Props): ReactElement {
  const { t } = useLingui()
  const id = useId()
  const ability = useAbility()
  const { issues, fieldErrors, refusalText, toastUnlessFieldError } = useServerErrors()
  const cycles = useQuery(paymentCyclesQuery(sessionId, '/group-invoice'))
  const options = useQuery(groupInvoiceOptionsQuery({ academicSessionId: sessionId, q: '' }))
  const cycleList = cycles.data?.data ?? []
  const [draft, setDraft] = useState<ScopeDraft>(emptyDraft)
  const [touched, setTouched] = useState(false)
  const cycleId = draft.cycleId || cycleList[0]?.id || ''
  const cycle = cycleList.find((c) => c.id === cycleId)
  const scope = scopeOf(sessionId, draft)
  const scopeKey = JSON.stringify(scope)
  // The scope last previewed: the run button stands for that one only.
  const [previewedKey, setPreviewedKey] = useState<string>()
  const preview = usePreviewGroupInvoice({
    onError: (err) => toastUnlessFieldError(err, t`The preview could not be made`),
  })
  // One key per scope started: a second click answers the same run.
  const runKey = useRef<{ scope: string; key: string }>(undefined)
  const start = useStartGroupInvoice({
    onSuccess: (run: GroupInvoiceRun) => {
      runKey.current = undefined
      preview.reset()
      onRun(run.id)
    },
    onError: (err) => {
      const body = apiError(err)
      const runId = body?.values?.runId
      if (body?.code === 'group_invoice_running' && typeof runId === 'string') {
        runKey.current = undefined
        preview.reset()
        onRun(runId, refusalText(err))
      } else toastUnlessFieldError(err, t`The group invoice did not start`)
    },
  })
  const change = (next: Partial<ScopeDraft>) => setDraft((d) => ({ ...d, ...next }))
  // No student listed would mean every student of the session: refused here.
  const noneListed = draft.kind === 'students' && draft.students.length === 0
  const errors: Record<string, string> = {
    ...(touched ? issues(GroupInvoiceScopeSchema, scope) : {}),
    ...(touched && noneListed && { studentIds: t`Add at least one student.` }),
    ...fieldErrors(preview.error),
    ...fieldErrors(start.error),
  }
  const shown = preview.data && previewedKey === scopeKey ? preview.data : undefined

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (noneListed || Object.keys(issues(GroupInvoiceScopeSchema, scope)).length) return
    setPreviewedKey(scopeKey)
    preview.mutate(scope)
  }

  function run() {
    if (start.isPending) return
    if (runKey.current?.scope !== scopeKey) {
      runKey.current = { scope: scopeKey, key: crypto.randomUUID() }
    }
    start.mutate({ scope, key: runKey.current.key })
  }

  const activeHeads = heads.filter((h) => h.active)
  return (
    <>
      <form className="card form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>
          <Trans>What to invoice</Trans>
        </h2>
        <div className="filters">
          <div className="field">
            <label htmlFor={`${id}-session`}>
              <Trans>Session</Trans>
            </label>
            <select
              id={`${id}-session`}
              value={sessionId}
              onChange={(e) => onSessionChange(e.target.value)}
            >
              {structure.sessions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-cycle`}>
              <Trans>Payment cycle</Trans>
            </label>
            <select
              id={`${id}-cycle`}
              value={cycleId}
              onChange={(e) => change({ cycleId: e.target.value, periodIds: [] })}
            >
              {cycleList.length === 0 && <option value="">{t`No payment cycle`}</option>}
              {cycleList.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset
          className="field"
          aria-invalid={errors.periodIds ? true : undefined}
          aria-describedby={errors.periodIds ? `${id}-periods-error` : undefined}
        >
          <legend>
            <Trans>Periods</Trans>
          </legend>
          {cycles.isSuccess && !cycle && (
            <p className="muted">
              <Trans>The session has no payment cycle yet: add one under Payment cycles.</Trans>
            </p>
          )}
          <div className="check-grid">
            {cycle?.periods.map((p) => (
              <label key={p.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={draft.periodIds.includes(p.id)}
                  onChange={(e) =>
                    change({ cycleId, periodIds: toggled(draft.periodIds, p.id, e.target.checked) })
                  }
                />{' '}
                {p.name}
              </label>
            ))}
          </div>
          {errors.periodIds && (
            <p id={`${id}-periods-error`} className="field-error">
              {errors.periodIds}
            </p>
          )}
        </fieldset>
        <fieldset
          className="field"
          aria-invalid={errors.feeHeadIds ? true : undefined}
          aria-describedby={errors.feeHeadIds ? `${id}-heads-error` : undefined}
        >
          <legend>
            <Trans>Fee heads</Trans>
          </legend>
          <div className="check-grid">
            {activeHeads.map((h) => (
              <label key={h.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={draft.feeHeadIds.includes(h.id)}
                  onChange={(e) =>
                    change({ feeHeadIds: toggled(draft.feeHeadIds, h.id, e.target.checked) })
                  }
                />{' '}
                {h.name} ({h.code})
              </label>
            ))}
          </div>
          {errors.feeHeadIds && (
            <p id={`${id}-heads-error`} className="field-error">
              {errors.feeHeadIds}
            </p>
          )}
        </fieldset>
        <GroupInvoiceWho
          structure={structure}
          sessionId={sessionId}
          sections={options.data?.sections ?? []}
          draft={draft}
          onChange={change}
        />
        {errors.studentIds && (
          <p className="field-error" role="alert">
            {errors.studentIds}
          </p>
        )}
        <div className="form-actions">
          <SubmitButton busy={preview.isPending}>
            <Trans>Preview</Trans>
          </SubmitButton>
        </div>
      </form>
      {shown && (
        <Suspense fallback={null}>
          <GroupInvoicePreviewCard
            preview={shown}
            canRun={ability.can('create', 'group-invoice')}
            busy={start.isPending}
            onRun={run}
          />
        </Suspense>
      )}
    </>
  )
}
