import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useAbility } from '../../lib/ability.ts'
import { parsePercent, percentInput } from '../../lib/rate-text.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import { shareOf, surchargeOf, type InstituteService } from '../../shared/schemas/payments.ts'
import { serviceLabels } from './labels.ts'
import { useSaveInstituteService } from './mutations.ts'
import { instituteServicesQuery } from './queries.ts'

/** The amount the example under each service is worked on: 1,000 in the major unit. */
const exampleMajor = 1000

/**
 * /fintech-institute-service: which services the institute offers online, who bears the
 * gateway's charge (the payer sees a surcharge before paying) and the platform's share.
 */
export function InstituteServicesPage(): ReactElement {
  const { data } = useSuspenseQuery(instituteServicesQuery())
  return (
    <div className="page">
      <PageHeader
        title={<Trans>Services offered online</Trans>}
        subtitle={
          <Trans>
            Which payments this institute takes online, who bears the gateway’s charge, and the
            platform’s share of each payment (posted as an expense when the payment posts).
          </Trans>
        }
      />
      {data.data.map((service) => (
        <ServiceForm key={service.service} service={service} />
      ))}
    </div>
  )
}

type Texts = Record<
  'surchargeFixed' | 'surchargePercent' | 'franchiseFixed' | 'franchisePercent',
  string
>

function ServiceForm({ service }: { service: InstituteService }): ReactElement {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const ability = useAbility()
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [enabled, setEnabled] = useState(service.enabled)
  const [bearer, setBearer] = useState(service.bearer)
  const [guardianCode, setGuardianCode] = useState(service.guardianCode)
  const [texts, setTexts] = useState<Texts>({
    surchargeFixed: money.toInput(service.surchargeFixedMinor),
    surchargePercent: percentInput(service.surchargeBasisPoints, money.decimal),
    franchiseFixed: money.toInput(service.franchiseFixedMinor),
    franchisePercent: percentInput(service.franchiseBasisPoints, money.decimal),
  })
  const save = useSaveInstituteService({
    onSuccess: () => showToast({ variant: 'success', title: t`The service was saved.` }),
    onError: (err) => toastUnlessFieldError(err, t`The service was not saved`),
  })
  const name = i18n._(serviceLabels[service.service])
  const { currency } = money
  const canChange = ability.can('update', 'fintech-institute-service')
  const parsed = {
    surchargeFixedMinor: money.parse(texts.surchargeFixed),
    surchargeBasisPoints: parsePercent(texts.surchargePercent || '0', money.decimal),
    franchiseFixedMinor: money.parse(texts.franchiseFixed),
    franchiseBasisPoints: parsePercent(texts.franchisePercent || '0', money.decimal),
  }
  const amountError = t`Type an amount, such as 10 or 12.50.`
  const percentError = t`Type a percentage with at most two decimals, such as 1.5.`
  const server = fieldErrors(save.error)
  const errors: Record<keyof typeof parsed, string | undefined> = {
    surchargeFixedMinor:
      parsed.surchargeFixedMinor === undefined ? amountError : server.surchargeFixedMinor,
    surchargeBasisPoints:
      parsed.surchargeBasisPoints === undefined ? percentError : server.surchargeBasisPoints,
    franchiseFixedMinor:
      parsed.franchiseFixedMinor === undefined ? amountError : server.franchiseFixedMinor,
    franchiseBasisPoints:
      parsed.franchiseBasisPoints === undefined ? percentError : server.franchiseBasisPoints,
  }
  const complete =
    parsed.surchargeFixedMinor !== undefined &&
    parsed.surchargeBasisPoints !== undefined &&
    parsed.franchiseFixedMinor !== undefined &&
    parsed.franchiseBasisPoints !== undefined
  const next: InstituteService | undefined = complete
    ? {
        service: service.service,
        enabled,
        bearer,
        surchargeFixedMinor: parsed.surchargeFixedMinor!,
        surchargeBasisPoints: parsed.surchargeBasisPoints!,
        franchiseFixedMinor: parsed.franchiseFixedMinor!,
        franchiseBasisPoints: parsed.franchiseBasisPoints!,
        guardianCode,
      }
    : undefined
  const example = 10 ** money.digits * exampleMajor
  const set = (key: keyof Texts) => (e: { target: { value: string } }) =>
    setTexts((was) => ({ ...was, [key]: e.target.value }))

  function submit(e: FormEvent) {
    e.preventDefault()
    if (next) save.mutate(next)
  }

  return (
    <form className="card form" noValidate onSubmit={submit} aria-label={name}>
      <h2>{name}</h2>
      <fieldset disabled={!canChange} className="plain">
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          <Trans>Offered online</Trans>
        </label>
        {service.service === 'dues' && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={guardianCode}
              onChange={(e) => setGuardianCode(e.target.checked)}
            />
            <Trans>
              Guardians enter a code sent to their phone before the student invoice page shows
              anything
            </Trans>
          </label>
        )}
        <SelectField
          label={t`Who bears the gateway’s charge`}
          value={bearer}
          onChange={(e) => setBearer(e.target.value as InstituteService['bearer'])}
        >
          <option value="institute">{t`The institute`}</option>
          <option value="payer">{t`The payer, as a surcharge shown before paying`}</option>
        </SelectField>
        {bearer === 'payer' && (
          <div className="form-row">
            <Field
              label={t`Surcharge, fixed (${currency})`}
              inputMode="decimal"
              value={texts.surchargeFixed}
              error={errors.surchargeFixedMinor}
              onChange={set('surchargeFixed')}
            />
            <Field
              label={t`Surcharge (%)`}
              inputMode="decimal"
              value={texts.surchargePercent}
              error={errors.surchargeBasisPoints}
              onChange={set('surchargePercent')}
            />
          </div>
        )}
        <div className="form-row">
          <Field
            label={t`Platform’s share, fixed (${currency})`}
            inputMode="decimal"
            value={texts.franchiseFixed}
            error={errors.franchiseFixedMinor}
            onChange={set('franchiseFixed')}
          />
          <Field
            label={t`Platform’s share (%)`}
            inputMode="decimal"
            value={texts.franchisePercent}
            error={errors.franchiseBasisPoints}
            onChange={set('franchisePercent')}
          />
        </div>
        {next && (
          <p className="muted">
            <Example
              amount={money.format(example)}
              surcharge={money.format(surchargeOf(example, next))}
              share={money.format(
                shareOf(example, next.franchiseFixedMinor, next.franchiseBasisPoints),
              )}
            />
          </p>
        )}
        {canChange && (
          <SubmitButton busy={save.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
        )}
      </fieldset>
    </form>
  )
}

function Example({
  amount,
  surcharge,
  share,
}: {
  amount: string
  surcharge: string
  share: string
}) {
  return (
    <Trans>
      On a payment of {amount}: the payer’s surcharge is {surcharge}, the platform’s share {share}.
    </Trans>
  )
}
