import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactElement } from 'react'
import { Field, SelectField } from '../../../components/form/Field.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { CreateAccountSchema } from '../../../shared/schemas/accounting.ts'
import type { IncomeAccount } from '../../../shared/schemas/fee-setup.ts'
import { useCreateIncomeAccount } from './mutations.ts'

/**
 * An income account created in place from the fee head dialog, under one of the chart's income
 * heads (through the accounting API: whoever may add accounts sees it). Not a form of its own:
 * it sits inside the head's form.
 */
export function NewIncomeAccount({
  parents,
  onCreated,
}: {
  parents: IncomeAccount[]
  onCreated: (accountId: string) => void
}): ReactElement {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [parentId, setParentId] = useState(parents.at(-1)?.id ?? '')
  const [touched, setTouched] = useState(false)
  const body = { parentId, name }
  const create = useCreateIncomeAccount({
    onSuccess: (account) => {
      const created = `${account.glCode} ${account.name}`
      showToast({ variant: 'success', title: t`The income account ${created} was added.` })
      onCreated(account.id)
      setOpen(false)
      setName('')
      setTouched(false)
    },
    onError: (err) => toastUnlessFieldError(err, t`The income account was not added`),
  })
  const errors = {
    ...fieldErrors(create.error),
    ...(touched ? checkFields(CreateAccountSchema, body) : {}),
  }

  if (!open) {
    return (
      <button type="button" className="button-link" onClick={() => setOpen(true)}>
        <Trans>New income account</Trans>
      </button>
    )
  }
  return (
    <fieldset className="inline-form">
      <legend>
        <Trans>New income account</Trans>
      </legend>
      <Field
        label={t`Account name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <SelectField
        label={t`Under`}
        value={parentId}
        onChange={(e) => setParentId(e.target.value)}
        error={errors.parentId}
      >
        {parents.map((p) => (
          <option key={p.id} value={p.id}>
            {p.glCode} {p.name}
          </option>
        ))}
      </SelectField>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className={`button button-primary${create.isPending ? ' is-busy' : ''}`}
          aria-busy={create.isPending}
          onClick={() => {
            setTouched(true)
            if (Object.keys(checkFields(CreateAccountSchema, body)).length) return
            if (!create.isPending) create.mutate(body)
          }}
        >
          <Trans>Add income account</Trans>
        </button>
      </div>
    </fieldset>
  )
}
