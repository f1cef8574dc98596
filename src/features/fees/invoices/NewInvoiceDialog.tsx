import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { CreateInvoiceSchema } from '../../../shared/schemas/fees-invoices.ts'
import { useCreateInvoice } from './mutations.ts'
import { paymentCyclesQuery } from '../queries.ts'
import { feeHeadsQuery } from '../../../lib/fee-heads.ts'

const screen = '/students/$studentId'

/**
 * A single student's invoice (an exam or transport fee today): a period or none, and the heads.
 * The Idempotency-Key is made when the dialog opens, so a double click makes one invoice. The
 * invoice made is shown at once.
 */
export function NewInvoiceDialog({
  studentId,
  academicSessionId,
  onClose,
}: {
  studentId: string
  academicSessionId: string
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const navigate = useNavigate()
  const ids = { period: useId(), heads: useId() }
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [periodId, setPeriodId] = useState('')
  const [headIds, setHeadIds] = useState<string[]>([])
  const [tried, setTried] = useState(false)
  const [made, setMade] = useState<string>()
  const heads = useQuery(feeHeadsQuery(screen))
  const cycles = useQuery(paymentCyclesQuery(academicSessionId, screen))
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const create = useCreateInvoice(idempotencyKey, {
    onSuccess: (invoice) => {
      const number = invoice.number
      showToast({ variant: 'success', title: t`Invoice ${number} was made.` })
      setMade(invoice.id)
    },
    onError: (err) => toastUnlessFieldError(err, t`The invoice was not made`),
  })
  // Shown once the dialog no longer holds its choices as unsaved (it would hold the navigation).
  useEffect(() => {
    if (!made) return
    onClose()
    void navigate({ to: '/invoices/$invoiceId', params: { invoiceId: made } })
  }, [made, navigate, onClose])
  // Without a period only the heads charged once or per event can be invoiced.
  const choosable = (heads.data?.data ?? []).filter(
    (h) => h.active && (periodId !== '' || h.kind !== 'recurring'),
  )
  const chosen = headIds.filter((id) => choosable.some((h) => h.id === id))
  const body = { studentId, academicSessionId, periodId: periodId || null, feeHeadIds: chosen }
  const errors = {
    ...fieldErrors(create.error),
    ...(tried ? checkFields(CreateInvoiceSchema, body) : {}),
  }
  const headError = errors.feeHeadIds ?? errors['feeHeadIds.0']

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(CreateInvoiceSchema, body)).length) return
    create.mutate(body)
  }

  const toggle = (id: string, on: boolean) =>
    setHeadIds((now) => (on ? [...now, id] : now.filter((h) => h !== id)))

  return (
    <Dialog
      title={<Trans>New invoice</Trans>}
      onClose={onClose}
      unsaved={!made && (headIds.length > 0 || periodId !== '')}
    >
      <form className="form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.period}>
            <Trans>Period</Trans>
          </label>
          <select
            id={ids.period}
            value={periodId}
            aria-invalid={errors.periodId ? true : undefined}
            onChange={(e) => setPeriodId(e.target.value)}
          >
            <option value="">{t`No period (one-time, per-event or on-demand fees)`}</option>
            {(cycles.data?.data ?? []).map((cycle) => (
              <optgroup key={cycle.id} label={cycle.name}>
                {cycle.periods.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {errors.periodId && <p className="field-error">{errors.periodId}</p>}
        </div>
        <fieldset className="field" aria-describedby={headError ? `${ids.heads}-error` : undefined}>
          <legend>
            <Trans>Fee heads</Trans>
          </legend>
          {heads.isPending ? (
            <p className="muted">
              <Trans>Loading…</Trans>
            </p>
          ) : choosable.length === 0 ? (
            <p className="muted">
              <Trans>No fee head can be invoiced without a period: choose one.</Trans>
            </p>
          ) : (
            choosable.map((head) => (
              <label key={head.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(head.id)}
                  onChange={(e) => toggle(head.id, e.target.checked)}
                />
                {head.name} ({head.code})
              </label>
            ))
          )}
          {headError && (
            <p id={`${ids.heads}-error`} className="field-error">
              {headError}
            </p>
          )}
        </fieldset>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={create.isPending}>
            <Trans>Make the invoice</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
