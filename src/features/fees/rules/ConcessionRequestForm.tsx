import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import * as v from 'valibot'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import {
  ConcessionRequestSchema,
  concessionCategories,
  type ConcessionCategory,
  type ConcessionOptions,
} from '../../../shared/schemas/fee-rules.ts'
import { concessionCategoryLabels } from '../fine-labels.ts'
import { parsePercent } from '../../../lib/rate-text.ts'
import { useAttachConcessionDocument, useRequestConcession } from './mutations.ts'
import { concessionOptionsQuery } from './queries.ts'
import { HeadOptions } from './HeadOptions.tsx'

/**
 * The request of one student's concession: a percentage or a fixed amount of one head (or all
 * heads) in a session, with its reason and an optional supporting document, attached once the
 * request is made.
 */
export function ConcessionRequestForm({ options }: { options: ConcessionOptions }): ReactElement {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const currency = money.currency
  const { issues, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const id = useId()
  const current = options.sessions.find((s) => s.isCurrent) ?? options.sessions[0]
  const [q, setQ] = useState('')
  const found = useQuery({ ...concessionOptionsQuery(q.trim()), enabled: q.trim().length >= 2 })
  const [studentId, setStudentId] = useState('')
  const [feeHeadId, setFeeHeadId] = useState('')
  const [sessionId, setSessionId] = useState(current?.id ?? '')
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent')
  const [value, setValue] = useState('')
  const [category, setCategory] = useState<ConcessionCategory>('sibling')
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [fileKey, setFileKey] = useState(0)
  const attach = useAttachConcessionDocument({
    onSuccess: () => showToast({ variant: 'success', title: t`The document was attached.` }),
    onError: (err) => toastUnlessFieldError(err, t`The document was not attached`),
  })
  const request = useRequestConcession({
    onSuccess: (made) => {
      setValue('')
      setReason('')
      setTouched(false)
      showToast({ variant: 'success', title: t`The concession was requested.` })
      if (file) attach.mutate({ id: made.id, file })
      setFile(null)
      setFileKey((k) => k + 1)
    },
    onError: (err) => toastUnlessFieldError(err, t`The concession was not requested`),
  })
  const candidate = {
    studentId,
    feeHeadId: feeHeadId || null,
    academicSessionId: sessionId,
    terms:
      kind === 'percent'
        ? { kind, rateBp: parsePercent(value, money.decimal) ?? Number.NaN }
        : { kind, amount: money.parse(value) ?? Number.NaN },
    category,
    reason,
  }
  const errors: Record<string, string> = {
    ...(touched ? issues(ConcessionRequestSchema, candidate) : {}),
    ...fieldErrors(request.error),
  }
  const valueError = errors['terms.rateBp'] ?? errors['terms.amount'] ?? errors.terms
  const fileError = fieldErrors(attach.error).file

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    const parsed = v.safeParse(ConcessionRequestSchema, candidate)
    if (parsed.success) request.mutate(parsed.output)
  }

  const students = found.data?.students ?? []
  return (
    <form className="card form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Request a concession</Trans>
      </h2>
      <div className="field">
        <label htmlFor={`${id}-q`}>
          <Trans>Find the student (name or ID)</Trans>
        </label>
        <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-student`}>
          <Trans>Student</Trans>
        </label>
        <select
          id={`${id}-student`}
          value={studentId}
          aria-invalid={errors.studentId ? true : undefined}
          onChange={(e) => setStudentId(e.target.value)}
        >
          <option value="">{t`Choose a student`}</option>
          {students.map((s) => (
            <option key={s.id} value={s.id}>
              {s.fullName} ({s.studentCode})
            </option>
          ))}
        </select>
        {errors.studentId && <p className="field-error">{errors.studentId}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-head`}>
          <Trans>Fee head</Trans>
        </label>
        <select id={`${id}-head`} value={feeHeadId} onChange={(e) => setFeeHeadId(e.target.value)}>
          <HeadOptions heads={options.heads} />
        </select>
        {errors.feeHeadId && <p className="field-error">{errors.feeHeadId}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-session`}>
          <Trans>Session</Trans>
        </label>
        <select
          id={`${id}-session`}
          value={sessionId}
          onChange={(e) => setSessionId(e.target.value)}
        >
          {options.sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {errors.academicSessionId && <p className="field-error">{errors.academicSessionId}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`}>
          <Trans>Kind</Trans>
        </label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => setKind(e.target.value as 'percent' | 'fixed')}
        >
          <option value="percent">{t`A percentage`}</option>
          <option value="fixed">{t`A fixed amount`}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-value`}>
          {kind === 'percent' ? <Trans>Percentage (%)</Trans> : <Trans>Amount ({currency})</Trans>}
        </label>
        <input
          id={`${id}-value`}
          inputMode="decimal"
          value={value}
          aria-invalid={valueError ? true : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {valueError && <p className="field-error">{valueError}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>
          <Trans>Category</Trans>
        </label>
        <select
          id={`${id}-category`}
          value={category}
          onChange={(e) => setCategory(e.target.value as ConcessionCategory)}
        >
          {concessionCategories.map((c) => (
            <option key={c} value={c}>
              {i18n._(concessionCategoryLabels[c])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>
          <Trans>Reason</Trans>
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {errors.reason && <p className="field-error">{errors.reason}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-document`}>
          <Trans>Document (PDF or image, optional)</Trans>
        </label>
        <input
          key={fileKey}
          id={`${id}-document`}
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          aria-invalid={fileError ? true : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {fileError && <p className="field-error">{fileError}</p>}
      </div>
      <SubmitButton busy={request.isPending || attach.isPending}>
        <Trans>Request</Trans>
      </SubmitButton>
    </form>
  )
}
