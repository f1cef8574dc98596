import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import { UnsavedChangesPrompt } from '../../components/Dialog.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts'
import { CoaConfigSchema, type CoaConfig } from '../../shared/schemas/accounting.ts'
import { exampleCodes } from './chart.ts'
import { todayIso } from '../../lib/dates.ts'
import { levelLabels } from './labels.ts'
import { useSaveCoaConfig } from './mutations.ts'
import { coaConfigQuery } from './queries.ts'

const digitChoices = [1, 2, 3, 4] as const
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const

/**
 * /coa-config: how long each level's part of a GL code is, when the fiscal year starts, and the
 * lock date the books are closed through.
 */
export function CoaConfigPage(): ReactElement {
  const { data } = useSuspenseQuery(coaConfigQuery())
  // A saved (or refetched) configuration starts the form afresh.
  return <CoaConfigForm key={JSON.stringify(data)} config={data} />
}

function CoaConfigForm({ config }: { config: CoaConfig }) {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const monthId = useId()
  const lockId = useId()
  const [values, setValues] = useState<CoaConfig>(config)
  const editable = ability.can('update', 'coa-config')
  const monthName = (month: number) =>
    new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2000, month - 1, 1),
    )
  const save = useSaveCoaConfig({
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The chart of accounts configuration was saved.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The configuration was not saved`),
  })
  const errors = { ...fieldErrors(save.error), ...checkFields(CoaConfigSchema, values) }
  const codes = exampleCodes(values.levelDigits)
  const changed = JSON.stringify(values) !== JSON.stringify(config)
  const guard = useUnsavedChanges(changed && editable)

  function submit(e: FormEvent) {
    e.preventDefault()
    if (Object.keys(checkFields(CoaConfigSchema, values)).length) return
    save.mutate(values)
  }

  return (
    <div className="page">
      <PageHeader
        title={<Trans>COA configuration</Trans>}
        subtitle={
          editable ? (
            <Trans>
              How many digits each level adds to its parent’s GL code, the month the fiscal year
              starts in, and the day the books are closed through.
            </Trans>
          ) : (
            <Trans>You can look at the configuration but not change it.</Trans>
          )
        }
      />
      <form className="card form" noValidate onSubmit={submit}>
        <fieldset className="plain" disabled={!editable}>
          <legend>
            <h2>
              <Trans>GL code digits per level</Trans>
            </h2>
          </legend>
          <table className="table">
            <thead>
              <HeaderRow
                columns={[
                  { label: <Trans>Level</Trans> },
                  { label: <Trans>Digits</Trans> },
                  { label: <Trans>Example GL code</Trans> },
                ]}
              />
            </thead>
            <tbody>
              {levelLabels.map((label, index) => {
                const name = i18n._(label)
                const level = index + 1
                return (
                  <tr key={level}>
                    <th scope="row">
                      {name}
                      <small className="muted block">
                        <Trans>Level {level}</Trans>
                      </small>
                    </th>
                    <td>
                      <select
                        aria-label={t`Digits for ${name}`}
                        value={values.levelDigits[index]}
                        onChange={(e) =>
                          setValues((current) => ({
                            ...current,
                            levelDigits: current.levelDigits.map((d, i) =>
                              i === index ? Number(e.target.value) : d,
                            ),
                          }))
                        }
                      >
                        {digitChoices.map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="gl-code">{codes[index]}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          {errors.levelDigits && <p className="field-error">{errors.levelDigits}</p>}
        </fieldset>
        <fieldset className="plain" disabled={!editable}>
          <legend>
            <h2>
              <Trans>Fiscal year</Trans>
            </h2>
          </legend>
          <div className="field">
            <label htmlFor={monthId}>
              <Trans>The fiscal year starts in</Trans>
            </label>
            <select
              id={monthId}
              value={values.fiscalYearStartMonth}
              onChange={(e) =>
                setValues((current) => ({
                  ...current,
                  fiscalYearStartMonth: Number(e.target.value),
                }))
              }
            >
              {months.map((month) => (
                <option key={month} value={month}>
                  {monthName(month)}
                </option>
              ))}
            </select>
            {errors.fiscalYearStartMonth && (
              <small className="field-error">{errors.fiscalYearStartMonth}</small>
            )}
            <small className="muted">
              <Trans>Voucher references carry the year their fiscal year starts in.</Trans>
            </small>
          </div>
        </fieldset>
        <fieldset className="plain" disabled={!editable}>
          <legend>
            <h2>
              <Trans>Lock date</Trans>
            </h2>
          </legend>
          <div className="field">
            <label htmlFor={lockId}>
              <Trans>Books closed through</Trans>
            </label>
            <input
              id={lockId}
              type="date"
              max={todayIso()}
              value={values.lockDate ?? ''}
              onChange={(e) =>
                setValues((current) => ({ ...current, lockDate: e.target.value || null }))
              }
              aria-invalid={Boolean(errors.lockDate)}
              aria-describedby={`${lockId}-hint`}
            />
            {errors.lockDate && <small className="field-error">{errors.lockDate}</small>}
            <small id={`${lockId}-hint`} className="muted">
              <Trans>
                Nothing can be posted dated on or before this day, so closed periods stay as they
                were reported. Vouchers can otherwise be dated from the start of the previous fiscal
                year to the end of the next one. Move the date back or clear it to reopen the books;
                every change is kept in the audit log.
              </Trans>
            </small>
          </div>
        </fieldset>
        {editable && (
          <div className="form-actions">
            <button
              type="button"
              className="button"
              disabled={!changed || save.isPending}
              onClick={() => setValues(config)}
            >
              <Trans>Undo changes</Trans>
            </button>
            <SubmitButton busy={save.isPending} disabled={!changed}>
              <Trans>Save</Trans>
            </SubmitButton>
          </div>
        )}
      </form>
      <UnsavedChangesPrompt guard={guard} />
    </div>
  )
}
