import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field, SelectField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { FeeHeadInputSchema } from '../../../shared/schemas/fee-setup.ts'
import { feeHeadKinds, type FeeHead, type FeeHeadKind } from '../../../shared/schemas/fee-heads.ts'
import { feeHeadKindLabels } from '../labels.ts'
import { useSaveFeeHead } from './mutations.ts'
import { incomeAccountsQuery } from './queries.ts'
import { NewIncomeAccount } from './NewIncomeAccount.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { Link } from '@tanstack/react-router'

interface Draft {
  name: string
  code: string
  kind: FeeHeadKind
  incomeAccountId: string
  priority: string
  active: boolean
}

const draftOf = (head: FeeHead | undefined, nextPriority: number): Draft => ({
  name: head?.name ?? '',
  code: head?.code ?? '',
  kind: head?.kind ?? 'recurring',
  incomeAccountId: head?.incomeAccountId ?? '',
  priority: String(head?.priority ?? nextPriority),
  active: head?.active ?? true,
})

/** A new fee head, or one to edit: name, code, how it is charged, its income account, order. */
export function FeeHeadDialog({
  head,
  nextPriority,
  onClose,
}: {
  head?: FeeHead | undefined
  nextPriority: number
  onClose: () => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const income = useQuery(incomeAccountsQuery()).data
  const accounts = income?.data ?? []
  const canAddAccount = useAbility().can('create', 'coa')
  const [initial] = useState(() => draftOf(head, nextPriority))
  const [draft, setDraft] = useState(initial)
  const [touched, setTouched] = useState(false)
  const body = {
    ...draft,
    priority: draft.priority.trim() === '' ? 0 : Number(draft.priority),
  }
  const save = useSaveFeeHead(head, {
    onSuccess: (saved) => {
      const name = saved.name
      showToast({
        variant: 'success',
        title: head ? t`The fee head ${name} was saved.` : t`The fee head ${name} was added.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The fee head was not saved`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...(touched ? checkFields(FeeHeadInputSchema, body) : {}),
  }
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }))
  const name = head?.name ?? ''

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(FeeHeadInputSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <Dialog
      title={head ? t`Edit ${name}` : t`New fee head`}
      onClose={onClose}
      unsaved={JSON.stringify(draft) !== JSON.stringify(initial) && !save.isPending}
    >
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t`Name`}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          autoFocus
        />
        <Field
          label={t`Code`}
          value={draft.code}
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          error={errors.code}
          hint={<Trans>Up to 16 letters, digits or hyphens, as invoices show it.</Trans>}
          autoCapitalize="characters"
        />
        <SelectField
          label={t`Charged`}
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as FeeHeadKind })}
          error={errors.kind}
        >
          {feeHeadKinds.map((kind) => (
            <option key={kind} value={kind}>
              {i18n._(feeHeadKindLabels[kind])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Income account`}
          value={draft.incomeAccountId}
          onChange={(e) => set({ incomeAccountId: e.target.value })}
          error={errors.incomeAccountId}
          hint={<Trans>The income account the fee is credited to (its COA mapping).</Trans>}
        >
          <option value="">{t`Choose an account`}</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.glCode} {a.name}
            </option>
          ))}
        </SelectField>
        {canAddAccount && income && income.parents.length > 0 && (
          <NewIncomeAccount
            parents={income.parents}
            onCreated={(incomeAccountId) => set({ incomeAccountId })}
          />
        )}
        <Field
          label={t`Priority`}
          type="number"
          min={0}
          inputMode="numeric"
          value={draft.priority}
          onChange={(e) => set({ priority: e.target.value })}
          error={errors.priority}
          hint={<Trans>A partial payment pays the heads of lower priority first.</Trans>}
        />
        <p className="muted">
          <Trans>
            VAT: a head carries VAT from the day its rate is set on the{' '}
            <Link to="/vat-config">VAT page</Link>.
          </Trans>
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => set({ active: e.target.checked })}
          />
          <Trans>Active: charged on new invoices</Trans>
        </label>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            {head ? <Trans>Save</Trans> : <Trans>Add fee head</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
