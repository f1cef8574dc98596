import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Field, SelectField, TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { campusesQuery, classesQuery } from '../../lib/academic-structure.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { SmsAudience } from '../../shared/schemas/sms.ts'
import { previewAudience } from './queries.ts'

type Kind = SmsAudience['kind']

/**
 * Who a message would reach, before anything is sent: the guardians of a campus or class, the
 * families owing more than an amount as of a day, or numbers pasted in. It says how many
 * messages would go, those left out (a family's second child, an opted-out number) and the
 * numbers that cannot get messages.
 */
export function AudienceSection(): ReactElement {
  const { t } = useLingui()
  const money = useMoney()
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const campuses = useSuspenseQuery(campusesQuery('/sms-notification')).data.data
  const classes = useSuspenseQuery(classesQuery('/sms-notification')).data
  const [kind, setKind] = useState<Kind>('guardians')
  const [campusId, setCampusId] = useState('')
  const [classId, setClassId] = useState('')
  const [amount, setAmount] = useState('')
  const [asOf, setAsOf] = useState(() => new Date().toISOString().slice(0, 10))
  const [numbers, setNumbers] = useState('')
  const [onePerFamily, setOnePerFamily] = useState(true)
  const check = useMutation({
    mutationFn: previewAudience,
    onError: (err) => toastUnlessFieldError(err, t`We could not work out who would get it`),
  })
  const errors = fieldErrors(check.error)
  const amountError =
    kind === 'owing' && money.parse(amount) === undefined
      ? t`Enter an amount, such as 1000.`
      : undefined

  function audience(): SmsAudience {
    const placement = { campusId: campusId || undefined, classId: classId || undefined }
    if (kind === 'numbers') return { kind, numbers }
    if (kind === 'owing')
      return { kind, ...placement, moreThanMinor: money.parse(amount) ?? 0, asOf }
    return { kind, ...placement }
  }
  function submit(e: FormEvent) {
    e.preventDefault()
    if (amountError) return
    check.mutate({ audience: audience(), onePerFamily })
  }
  const result = check.data
  const recipients = result?.recipients ?? 0
  const duplicates = result?.duplicates ?? 0
  const optedOut = result?.optedOut ?? 0
  const unreachable = result?.unreachableCount ?? 0

  return (
    <section className="card">
      <h2>
        <Trans>Who would get it</Trans>
      </h2>
      <form className="form" noValidate onSubmit={submit}>
        <div className="form-row">
          <SelectField
            label={t`Audience`}
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
          >
            <option value="guardians">{t`Guardians`}</option>
            <option value="owing">{t`Families owing more than an amount`}</option>
            <option value="numbers">{t`Numbers pasted in`}</option>
          </SelectField>
          {kind !== 'numbers' && (
            <>
              <SelectField
                label={t`Campus`}
                value={campusId}
                error={errors['audience.campusId']}
                onChange={(e) => setCampusId(e.target.value)}
              >
                <option value="">{t`All campuses`}</option>
                {campuses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t`Class`}
                value={classId}
                error={errors['audience.classId']}
                onChange={(e) => setClassId(e.target.value)}
              >
                <option value="">{t`All classes`}</option>
                {classes.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </div>
        {kind === 'owing' && (
          <div className="form-row">
            <Field
              label={t`Owing more than`}
              inputMode="decimal"
              value={amount}
              error={errors['audience.moreThanMinor'] ?? amountError}
              onChange={(e) => setAmount(e.target.value)}
            />
            <Field
              label={t`As of`}
              type="date"
              value={asOf}
              error={errors['audience.asOf']}
              onChange={(e) => setAsOf(e.target.value)}
            />
          </div>
        )}
        {kind === 'numbers' && (
          <TextAreaField
            label={t`Numbers, one a line`}
            rows={4}
            value={numbers}
            error={errors['audience.numbers']}
            onChange={(e) => setNumbers(e.target.value)}
          />
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={onePerFamily}
            onChange={(e) => setOnePerFamily(e.target.checked)}
          />
          <Trans>One message per family</Trans>
        </label>
        <div className="form-actions">
          <SubmitButton busy={check.isPending} disabled={Boolean(amountError)}>
            <Trans>Check who would get it</Trans>
          </SubmitButton>
        </div>
      </form>
      {result && (
        <div data-testid="sms-audience" aria-live="polite">
          <p>
            <strong>
              {t({
                message: plural(recipients, {
                  one: '# message would go.',
                  other: '# messages would go.',
                }),
              })}
            </strong>{' '}
            {t({
              message: plural(duplicates, {
                one: '# left out: the number already gets one.',
                other: '# left out: their number already gets one.',
              }),
            })}{' '}
            {t({ message: plural(optedOut, { one: '# opted out.', other: '# opted out.' }) })}
          </p>
          {unreachable > 0 && (
            <>
              <p className="field-error">
                {t({
                  message: plural(unreachable, {
                    one: '# number cannot get messages and is left out:',
                    other: '# numbers cannot get messages and are left out:',
                  }),
                })}
              </p>
              <ul>
                {result.unreachable.map((u, i) => (
                  <li key={i}>
                    {u.name === u.written ? u.written : `${u.name}: ${u.written || '—'}`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  )
}
