import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent, type ReactElement } from 'react'
import * as v from 'valibot'
import { Field } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts'
import {
  GuardianLookupSchema,
  type GuardianAccess,
  type GuardianLookup,
} from '../../shared/schemas/student-invoice.ts'
import { useGuardianLookup } from './student-invoice.ts'

type Details = Required<Pick<GuardianLookup, 'studentId' | 'phone' | 'dateOfBirth'>>
type Opened = Extract<GuardianAccess, { step: 'invoices' }>

/**
 * Who the guardian is: the student ID with the guardian phone, or the date of birth; then,
 * where the institute asks for it, the code sent to that phone (the same details go with it).
 */
export function GuardianForm({
  institute,
  student,
  onOpened,
}: {
  institute: string
  student: string
  onOpened: (opened: Opened) => void
}): ReactElement {
  const { t } = useLingui()
  const { refusalText, fieldErrors } = useServerErrors()
  const [details, setDetails] = useState<Details>({
    studentId: student,
    phone: '',
    dateOfBirth: '',
  })
  const [byBirthDate, setByBirthDate] = useState(false)
  const [code, setCode] = useState('')
  const [sent, setSent] = useState<{ challenge: string; sentTo: string }>()
  const [touched, setTouched] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'studentId' || name === 'phone' || name === 'dateOfBirth') {
      setDetails((now) => ({ ...now, [name]: value }))
    }
  })
  const lookup = useGuardianLookup(institute)
  const proof = byBirthDate ? { phone: '' } : { dateOfBirth: '' }
  const parsed = v.safeParse(GuardianLookupSchema, { ...details, ...proof })
  const invalid = parsed.success
    ? {}
    : (v.flatten<typeof GuardianLookupSchema>(parsed.issues).nested ?? {})
  const server = fieldErrors(lookup.error)
  const errors = {
    studentId: touched && invalid.studentId ? t`Type the student ID.` : server.studentId,
    phone:
      touched && invalid.phone
        ? t`Type the guardian’s phone number, or use the date of birth.`
        : server.phone,
    dateOfBirth: touched && invalid.phone ? t`Choose the date of birth.` : server.dateOfBirth,
    code: server.code,
  }
  const refusal =
    lookup.error && !Object.keys(server).length ? refusalText(lookup.error) : undefined

  const send = (withCode: boolean) => {
    setTouched(true)
    if (!parsed.success) return
    lookup.mutate(
      { ...parsed.output, ...(withCode && sent && { challenge: sent.challenge, code }) },
      {
        onSuccess: (answer) => {
          if (answer.step === 'code') {
            setSent(answer)
            setCode('')
          } else onOpened(answer)
        },
      },
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send(Boolean(sent))
  }
  const set = (name: keyof Details) => (e: { target: { value: string } }) => {
    setDetails((now) => ({ ...now, [name]: e.target.value }))
    setSent(undefined)
  }
  const sentTo = sent?.sentTo
  return (
    <form ref={formRef} className="card form" method="post" noValidate onSubmit={submit}>
      <Field
        label={<Trans>Student ID</Trans>}
        name="studentId"
        autoComplete="off"
        autoCapitalize="characters"
        value={details.studentId}
        error={errors.studentId}
        onChange={set('studentId')}
      />
      {byBirthDate ? (
        <Field
          label={<Trans>Student’s date of birth</Trans>}
          name="dateOfBirth"
          type="date"
          value={details.dateOfBirth}
          error={errors.dateOfBirth}
          onChange={set('dateOfBirth')}
        />
      ) : (
        <Field
          label={<Trans>Guardian’s phone number</Trans>}
          hint={<Trans>The number the institute has for the student’s guardian.</Trans>}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={details.phone}
          error={errors.phone}
          onChange={set('phone')}
        />
      )}
      <button
        type="button"
        className="button-link"
        onClick={() => {
          setByBirthDate((was) => !was)
          setSent(undefined)
        }}
      >
        {byBirthDate ? (
          <Trans>Use the guardian’s phone number instead</Trans>
        ) : (
          <Trans>Use the student’s date of birth instead</Trans>
        )}
      </button>
      {sent && (
        <>
          <p role="status">
            <Trans>We sent a code by SMS to the guardian’s phone ending {sentTo}.</Trans>
          </p>
          <Field
            label={<Trans>Code</Trans>}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={errors.code}
            onChange={(e) => setCode(e.target.value.trim())}
          />
          <button type="button" className="button-link" onClick={() => send(false)}>
            <Trans>Send a new code</Trans>
          </button>
        </>
      )}
      {refusal && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
      <SubmitButton className="button button-primary button-block" busy={lookup.isPending}>
        {lookup.isPending ? <Trans>Looking…</Trans> : <Trans>Show the invoices</Trans>}
      </SubmitButton>
    </form>
  )
}
