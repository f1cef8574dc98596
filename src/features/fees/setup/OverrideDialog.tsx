import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field, SelectField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import {
  FeeOverrideInputSchema,
  type FeeOverrideInput,
  type FeeStructure,
} from '../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import { useSaveFeeOverride } from './mutations.ts'

interface Draft {
  academicSessionId: string
  feeHeadId: string
  excluded: boolean
  amount: string
  reason: string
}

/**
 * A student's own amount of a fee head for a session, or the head left out for them (a
 * transport fee only some pay); for one student or for several at once.
 */
export function OverrideDialog(props: {
  studentIds: string[]
  /** Who it is for, as the title says it: a name, or "12 students". */
  forWhom: string
  sessions: FeeStructure['sessions']
  heads: FeeHead[]
  initial?: Partial<Draft>
  onClose: () => void
}): ReactElement {
  const { studentIds, forWhom, sessions, heads, onClose } = props
  const { t } = useLingui()
  const money = useMoney()
  const currency = money.currency
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [initial] = useState<Draft>(() => ({
    academicSessionId: (sessions.find((s) => s.isCurrent) ?? sessions[0])?.id ?? '',
    feeHeadId: heads.find((h) => h.active)?.id ?? '',
    excluded: false,
    amount: '',
    reason: '',
    ...props.initial,
  }))
  const [draft, setDraft] = useState(initial)
  const [touched, setTouched] = useState(false)
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }))
  const body: FeeOverrideInput = {
    studentIds,
    academicSessionId: draft.academicSessionId,
    feeHeadId: draft.feeHeadId,
    excluded: draft.excluded,
    // Blank is "no amount" (the rule asks for one); what cannot be read is NaN (not a number).
    amountMinor:
      draft.excluded || draft.amount.trim() === ''
        ? null
        : (money.parse(draft.amount) ?? Number.NaN),
    reason: draft.reason,
  }
  const save = useSaveFeeOverride({
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The fee was set for ${forWhom}.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The fee was not set`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...(touched ? checkFields(FeeOverrideInputSchema, body) : {}),
  }

  // A student no longer of the institute (removed meanwhile): said under the form.
  const studentError = Object.entries(errors).find(([k]) => k.startsWith('studentIds'))?.[1]

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(FeeOverrideInputSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <Dialog
      title={t`Own fee for ${forWhom}`}
      onClose={onClose}
      unsaved={JSON.stringify(draft) !== JSON.stringify(initial) && !save.isPending}
    >
      <form className="form" noValidate onSubmit={submit}>
        <SelectField
          label={t`Session`}
          value={draft.academicSessionId}
          onChange={(e) => set({ academicSessionId: e.target.value })}
          error={errors.academicSessionId}
        >
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Fee head`}
          value={draft.feeHeadId}
          onChange={(e) => set({ feeHeadId: e.target.value })}
          error={errors.feeHeadId}
        >
          {heads.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name} ({h.code})
            </option>
          ))}
        </SelectField>
        <fieldset className="plain">
          <legend>
            <Trans>What they pay</Trans>
          </legend>
          <label className="radio">
            <input
              type="radio"
              name="excluded"
              checked={!draft.excluded}
              onChange={() => set({ excluded: false })}
            />
            <Trans>Their own amount</Trans>
          </label>
          <label className="radio">
            <input
              type="radio"
              name="excluded"
              checked={draft.excluded}
              onChange={() => set({ excluded: true })}
            />
            <Trans>Nothing: the head is left out for them</Trans>
          </label>
        </fieldset>
        {!draft.excluded && (
          <Field
            label={t`Amount (${currency})`}
            inputMode="decimal"
            value={draft.amount}
            onChange={(e) => set({ amount: e.target.value })}
            error={errors.amountMinor}
            hint={<Trans>Instead of the class’s amount, in every period of the session.</Trans>}
          />
        )}
        <Field
          label={t`Reason`}
          value={draft.reason}
          onChange={(e) => set({ reason: e.target.value })}
          error={errors.reason}
        />
        {studentError && <p className="field-error">{studentError}</p>}
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
