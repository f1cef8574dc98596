import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import {
  MerchantInputSchema,
  type Gateway,
  type Merchant,
  type MerchantInput,
} from '../../shared/schemas/payments.ts'
import { useSaveMerchant } from './mutations.ts'

/** A merchant account, new or being edited; its secret is typed anew or left as it is. */
export function MerchantForm({
  merchant,
  gateways,
  bankAccounts,
  onDone,
}: {
  merchant: Merchant | undefined
  gateways: Gateway[]
  bankAccounts: string[]
  onDone: (saved: boolean) => void
}): ReactElement {
  const { t } = useLingui()
  const { fieldErrors, checkFields, toastUnlessFieldError, translate } = useServerErrors()
  const [input, setInput] = useState<MerchantInput>({
    provider: merchant?.provider ?? gateways[0]?.id ?? 'sandbox',
    name: merchant?.name ?? '',
    mode: merchant?.mode ?? 'test',
    storeId: merchant?.storeId ?? '',
    secret: '',
    settlementBankAccount: merchant?.settlementBankAccount ?? '',
    active: merchant?.active ?? true,
  })
  const [checked, setChecked] = useState(false)
  const save = useSaveMerchant({
    onSuccess: () => onDone(true),
    onError: (err) => toastUnlessFieldError(err, t`The merchant was not saved`),
  })
  const set = (next: Partial<MerchantInput>) => setInput((was) => ({ ...was, ...next }))
  /** The shared schema's verdict, and a new merchant's secret (the server keeps an old one). */
  const problems = (): Record<string, string> => {
    const found = checkFields(MerchantInputSchema, input)
    if (!merchant && !input.secret) found.secret = translate({ code: 'merchant_secret_required' })
    return found
  }
  const errors = { ...fieldErrors(save.error), ...(checked ? problems() : {}) }
  const editing = (name: string) => t`Edit ${name}`
  const gateway = gateways.find((g) => g.id === input.provider)

  function submit(e: FormEvent) {
    e.preventDefault()
    setChecked(true)
    if (Object.keys(problems()).length) return
    save.mutate({ ...input, ...(merchant && { id: merchant.id }) })
  }

  return (
    <form className="card form" noValidate onSubmit={submit}>
      <h2>{merchant ? editing(merchant.name) : t`New merchant`}</h2>
      <div className="form-row">
        <SelectField
          label={t`Gateway`}
          value={input.provider}
          error={errors.provider}
          onChange={(e) => set({ provider: e.target.value as MerchantInput['provider'] })}
        >
          {gateways.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <Field
          label={t`Name`}
          value={input.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <SelectField
          label={t`Mode`}
          value={input.mode}
          error={errors.mode}
          hint={
            gateway && !gateway.liveAllowed ? t`This gateway takes test payments only.` : undefined
          }
          onChange={(e) => set({ mode: e.target.value as MerchantInput['mode'] })}
        >
          <option value="test">{t`Test`}</option>
          <option value="live">{t`Live`}</option>
        </SelectField>
      </div>
      <div className="form-row">
        <Field
          label={t`Store ID`}
          value={input.storeId}
          error={errors.storeId}
          autoComplete="off"
          onChange={(e) => set({ storeId: e.target.value })}
        />
        <Field
          label={t`Store password`}
          type="password"
          autoComplete="new-password"
          value={input.secret}
          error={errors.secret}
          hint={
            merchant?.secretSet ? t`A password is set: leave this empty to keep it.` : undefined
          }
          onChange={(e) => set({ secret: e.target.value })}
        />
        <SelectField
          label={t`Settles to`}
          value={input.settlementBankAccount}
          error={errors.settlementBankAccount}
          onChange={(e) => set({ settlementBankAccount: e.target.value })}
        >
          <option value="">{t`Not chosen yet`}</option>
          {bankAccounts.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={input.active}
          onChange={(e) => set({ active: e.target.checked })}
        />
        <Trans>Active: takes payments</Trans>
      </label>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
        <SubmitButton busy={save.isPending}>
          <Trans>Save merchant</Trans>
        </SubmitButton>
      </div>
    </form>
  )
}
