import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense, useId, useState, type FormEvent, type ReactElement } from 'react'
import { UnsavedChangesPrompt } from '../../../components/Dialog.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { CounterPaperSetting } from './CounterPaperSetting.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { localeNames } from '../../../lib/i18n.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts'
import {
  invoiceColumns,
  invoiceCopies,
  invoiceHeaderFields,
  invoicePapers,
  InvoicePrintSettingsInputSchema,
  printLanguages,
  type InvoicePrintSettings,
  type InvoicePrintSettingsInput,
} from '../../../shared/schemas/invoice-print.ts'
import { InPrintLanguage, InvoiceSlip } from './InvoiceSlip.tsx'
import { printLanguageOf } from './print-language.ts'
import { columnLabels, copyLabels, headerFieldLabels, paperLabels } from './labels.ts'
import { useSaveInvoicePrintSettings } from './mutations.ts'
import { invoicePrintSettingsQuery } from './queries.ts'
import { PaperPreview } from './PaperPreview.tsx'
import { SampleInvoice } from './SampleInvoice.tsx'

const maxSignatures = 4

const inputOf = ({ saved, institute, ...input }: InvoicePrintSettings) => {
  void saved
  void institute
  return input
}

/**
 * /invoice-print-settings: how invoices print — footer, header fields and line columns in
 * order, paper, copies, signature lines and language — with a live preview of a sample invoice
 * printed by the same component as the real ones.
 */
export function InvoicePrintSettingsPage(): ReactElement {
  const { data } = useSuspenseQuery(invoicePrintSettingsQuery())
  // A saved (or refetched) configuration starts the form afresh.
  return <SettingsForm key={JSON.stringify(inputOf(data))} settings={data} />
}

function SettingsForm({ settings }: { settings: InvoicePrintSettings }) {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const editable = ability.can('update', 'invoice-print-settings')
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const ids = { footer: useId(), paper: useId(), language: useId() }
  const saved = inputOf(settings)
  const [values, setValues] = useState<InvoicePrintSettingsInput>(saved)
  const set = (change: Partial<InvoicePrintSettingsInput>) =>
    setValues((current) => ({ ...current, ...change }))
  const save = useSaveInvoicePrintSettings({
    onSuccess: () => showToast({ variant: 'success', title: t`The print settings were saved.` }),
    onError: (err) => toastUnlessFieldError(err, t`The print settings were not saved`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...checkFields(InvoicePrintSettingsInputSchema, values),
  }
  const changed = JSON.stringify(values) !== JSON.stringify(saved)
  const guard = useUnsavedChanges(changed && editable)
  const shown = { ...settings, ...values }
  const instituteLanguage = localeNames[settings.institute.locale]

  function submit(e: FormEvent) {
    e.preventDefault()
    if (Object.keys(checkFields(InvoicePrintSettingsInputSchema, values)).length) return
    save.mutate(values)
  }

  const toggleCopy = (copy: (typeof invoiceCopies)[number], on: boolean) =>
    set({
      copies: invoiceCopies.filter((c) => (c === copy ? on : values.copies.includes(c))),
    })
  const setLabel = (index: number, label: string) =>
    set({ signatureLabels: values.signatureLabels.map((l, i) => (i === index ? label : l)) })

  return (
    <div className="page fees-page">
      <PageHeader
        title={<Trans>Invoice printing</Trans>}
        subtitle={
          editable ? (
            <Trans>
              How invoices print: the logo, name and address come from the institute settings;
              choose the rest and see it on the sample.
            </Trans>
          ) : (
            <Trans>You can look at the print settings but not change them.</Trans>
          )
        }
      />
      <div className="print-settings-layout">
        <form className="card form" noValidate onSubmit={submit}>
          <fieldset className="plain" disabled={!editable}>
            <legend>
              <h2>
                <Trans>Paper and copies</Trans>
              </h2>
            </legend>
            <div className="field">
              <label htmlFor={ids.paper}>
                <Trans>Paper</Trans>
              </label>
              <select
                id={ids.paper}
                value={values.paper}
                onChange={(e) =>
                  set({ paper: e.target.value as InvoicePrintSettingsInput['paper'] })
                }
              >
                {invoicePapers.map((paper) => (
                  <option key={paper} value={paper}>
                    {i18n._(paperLabels[paper])}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="field plain" aria-describedby={`${ids.paper}-copies`}>
              <legend>
                <Trans>Copies on each sheet</Trans>
              </legend>
              {invoiceCopies.map((copy) => (
                <label key={copy} className="checkbox">
                  <input
                    type="checkbox"
                    checked={values.copies.includes(copy)}
                    onChange={(e) => toggleCopy(copy, e.target.checked)}
                  />{' '}
                  {i18n._(copyLabels[copy])}
                </label>
              ))}
              {errors.copies && <small className="field-error">{errors.copies}</small>}
              <small id={`${ids.paper}-copies`} className="muted">
                <Trans>
                  On A4, several copies print side by side on a landscape sheet; on A5 and on a
                  thermal roll, one under the other. Each copy carries its label.
                </Trans>
              </small>
            </fieldset>
            <div className="field">
              <label htmlFor={ids.language}>
                <Trans>Language of the printed invoices</Trans>
              </label>
              <select
                id={ids.language}
                value={values.language ?? ''}
                onChange={(e) =>
                  set({
                    language: (e.target.value || null) as InvoicePrintSettingsInput['language'],
                  })
                }
              >
                <option value="">{t`The institute’s language (${instituteLanguage})`}</option>
                {printLanguages.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {localeNames[language]}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>

          <OrderedChoice
            legend={<Trans>Header fields</Trans>}
            names={invoiceHeaderFields}
            labels={headerFieldLabels}
            chosen={values.shownFields}
            onChange={(shownFields) => set({ shownFields })}
            disabled={!editable}
          />
          <OrderedChoice
            legend={<Trans>Columns of the lines</Trans>}
            names={invoiceColumns}
            labels={columnLabels}
            chosen={values.shownColumns}
            onChange={(shownColumns) => set({ shownColumns })}
            disabled={!editable}
          />

          <fieldset className="plain" disabled={!editable}>
            <legend>
              <h2>
                <Trans>Footer and signatures</Trans>
              </h2>
            </legend>
            <div className="field">
              <label htmlFor={ids.footer}>
                <Trans>Footer text</Trans>
              </label>
              <textarea
                id={ids.footer}
                rows={3}
                value={values.footerText}
                onChange={(e) => set({ footerText: e.target.value })}
                aria-invalid={Boolean(errors.footerText)}
              />
              {errors.footerText && <small className="field-error">{errors.footerText}</small>}
            </div>
            {values.signatureLabels.map((label, index) => {
              const n = index + 1
              return (
                <div className="field" key={index}>
                  <label htmlFor={`${ids.footer}-sig-${index}`}>
                    <Trans>Signature line {n}</Trans>
                  </label>
                  <div className="inline-fields">
                    <input
                      id={`${ids.footer}-sig-${index}`}
                      value={label}
                      maxLength={40}
                      onChange={(e) => setLabel(index, e.target.value)}
                      aria-invalid={Boolean(errors[`signatureLabels.${index}`])}
                    />
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        set({
                          signatureLabels: values.signatureLabels.filter((_, i) => i !== index),
                        })
                      }
                    >
                      <Trans>Remove signature line {n}</Trans>
                    </button>
                  </div>
                  {errors[`signatureLabels.${index}`] && (
                    <small className="field-error">{errors[`signatureLabels.${index}`]}</small>
                  )}
                </div>
              )
            })}
            {values.signatureLabels.length < maxSignatures && (
              <button
                type="button"
                className="button"
                onClick={() => set({ signatureLabels: [...values.signatureLabels, ''] })}
              >
                <Trans>Add a signature line</Trans>
              </button>
            )}
          </fieldset>
          {editable && (
            <div className="form-actions">
              <button
                type="button"
                className="button"
                disabled={!changed || save.isPending}
                onClick={() => setValues(saved)}
              >
                <Trans>Undo changes</Trans>
              </button>
              <SubmitButton busy={save.isPending} disabled={!changed}>
                <Trans>Save</Trans>
              </SubmitButton>
            </div>
          )}
        </form>
        <section className="card print-preview" aria-labelledby={`${ids.paper}-preview`}>
          <h2 id={`${ids.paper}-preview`}>
            <Trans>Preview</Trans>
          </h2>
          <Suspense
            fallback={
              <p className="muted">
                <Trans>Loading the preview…</Trans>
              </p>
            }
          >
            <InPrintLanguage language={printLanguageOf(shown)}>
              <PaperPreview settings={shown}>
                <SampleInvoice>
                  {(invoice) => <InvoiceSlip invoice={invoice} settings={shown} />}
                </SampleInvoice>
              </PaperPreview>
            </InPrintLanguage>
          </Suspense>
        </section>
      </div>
      <CounterPaperSetting />
      <UnsavedChangesPrompt guard={guard} />
    </div>
  )
}

/** Which of `names` show, in order: a checkbox each, and the chosen ones moved up or down. */
function OrderedChoice<const T extends string>({
  legend,
  names,
  labels,
  chosen,
  onChange,
  disabled,
}: {
  legend: ReactElement
  names: readonly T[]
  labels: Record<T, MessageDescriptor>
  chosen: readonly T[]
  onChange: (chosen: T[]) => void
  disabled: boolean
}) {
  const { t, i18n } = useLingui()
  const rest = names.filter((n) => !chosen.includes(n))
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen]
    ;[next[index], next[index + by]] = [next[index + by]!, next[index]!]
    onChange(next)
  }
  return (
    <fieldset className="plain" disabled={disabled}>
      <legend>
        <h2>{legend}</h2>
      </legend>
      <ol className="ordered-choice">
        {[...chosen, ...rest].map((name, index) => {
          const label = i18n._(labels[name])
          const on = index < chosen.length
          return (
            <li key={name}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...chosen, name] : chosen.filter((n) => n !== name),
                    )
                  }
                />{' '}
                {label}
              </label>
              {on && (
                <span className="ordered-choice-moves">
                  <button
                    type="button"
                    className="button ordered-choice-move"
                    disabled={index === 0}
                    aria-label={t`Move ${label} up`}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button ordered-choice-move"
                    disabled={index === chosen.length - 1}
                    aria-label={t`Move ${label} down`}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </fieldset>
  )
}
