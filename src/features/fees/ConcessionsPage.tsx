import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactElement } from 'react'
import * as v from 'valibot'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import {
  ConcessionRequestSchema,
  concessionCategories,
  concessionStatuses,
  type Concession,
  type ConcessionCategory,
  type ConcessionListSearch,
  type ConcessionOptions,
  type ConcessionStatus,
} from '../../shared/schemas/fee-rules.ts'
import { ConcessionSiblingRule } from './ConcessionSiblingRule.tsx'
import { concessionCategoryLabels, concessionStatusLabels } from './fine-labels.ts'
import { parsePercent, percentInput } from './rate-text.ts'
import {
  openConcessionDocument,
  useAttachConcessionDocument,
  useConcessionStep,
  useRequestConcession,
  type ConcessionStep,
} from './rule-mutations.ts'
import { concessionOptionsQuery, concessionsQuery } from './rule-queries.ts'

/**
 * /student-concessions: concessions requested by one user and approved (or rejected) by
 * another holding the approval right; an approved one can be revoked. Each step is audited.
 */
export function ConcessionsPage(): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const money = useMoney()
  const [search, setSearch] = useState<ConcessionListSearch>({ status: 'requested' })
  const list = useQuery(concessionsQuery(search))
  const { data: options } = useSuspenseQuery(concessionOptionsQuery(''))
  const { toastUnlessFieldError } = useServerErrors()
  const ids = { status: useId(), category: useId() }
  const step = useConcessionStep({
    onSuccess: (c) => {
      const name = c.studentName
      const status = i18n._(concessionStatusLabels[c.status])
      showToast({ variant: 'success', title: t`Concession of ${name}: ${status}.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The concession was not changed`),
  })
  const canDecide = ability.can('update', 'concession-approval')
  const open = (id: string) =>
    openConcessionDocument(id).catch((err: unknown) =>
      toastUnlessFieldError(err, t`The document could not be opened`),
    )
  const act = (c: Concession, s: ConcessionStep) => {
    let note = ''
    if (s !== 'approve') {
      note = window.prompt(s === 'reject' ? t`Why is it rejected?` : t`Why is it revoked?`) ?? ''
      if (!note.trim()) return
    }
    step.mutate({ id: c.id, step: s, note })
  }
  const termsText = (c: Concession) =>
    c.terms.kind === 'percent'
      ? `${percentInput(c.terms.rateBp, money.decimal)} %`
      : money.format(c.terms.amount)

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Concessions</Trans>}
        subtitle={
          <Trans>
            A concession is requested by one user and approved by another who holds the approval
            right; it applies to invoices created after its approval, and the invoices already
            posted get a concession credit note when it is approved.
          </Trans>
        }
      />
      {ability.can('create', 'student-concessions') && <ConcessionRequestForm options={options} />}
      {ability.can('create', 'student-concessions') && <ConcessionSiblingRule options={options} />}
      <section className="card">
        <h2>
          <Trans>Concessions</Trans>
        </h2>
        <div className="toolbar">
          <div className="field">
            <label htmlFor={ids.status}>
              <Trans>Status</Trans>
            </label>
            <select
              id={ids.status}
              value={search.status ?? ''}
              onChange={(e) =>
                setSearch((s) => ({
                  ...s,
                  status: (e.target.value || undefined) as ConcessionStatus,
                }))
              }
            >
              <option value="">{t`Any status`}</option>
              {concessionStatuses.map((s) => (
                <option key={s} value={s}>
                  {i18n._(concessionStatusLabels[s])}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.category}>
              <Trans>Category</Trans>
            </label>
            <select
              id={ids.category}
              value={search.category ?? ''}
              onChange={(e) =>
                setSearch((s) => ({
                  ...s,
                  category: (e.target.value || undefined) as ConcessionCategory,
                }))
              }
            >
              <option value="">{t`Any category`}</option>
              {concessionCategories.map((c) => (
                <option key={c} value={c}>
                  {i18n._(concessionCategoryLabels[c])}
                </option>
              ))}
            </select>
          </div>
        </div>
        {list.data && list.data.data.length === 0 && (
          <p className="muted">
            <Trans>No concessions match.</Trans>
          </p>
        )}
        {list.data && list.data.data.length > 0 && (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Student` },
                    { label: t`Fee head` },
                    { label: t`Concession` },
                    { label: t`Category` },
                    { label: t`Status` },
                    { label: t`Requested by` },
                    { label: t`Actions` },
                  ]}
                />
              </thead>
              <tbody>
                {list.data.data.map((c) => {
                  const name = c.studentName
                  return (
                    <tr key={c.id}>
                      <th scope="row">
                        {c.studentName} <small className="muted">{c.studentCode}</small>
                      </th>
                      <td>{c.feeHeadName ?? t`All heads`}</td>
                      <td>{termsText(c)}</td>
                      <td>{i18n._(concessionCategoryLabels[c.category])}</td>
                      <td>{i18n._(concessionStatusLabels[c.status])}</td>
                      <td>{c.requestedByName ?? ''}</td>
                      <td>
                        {c.documentName && (
                          <>
                            <button
                              type="button"
                              className="button-link"
                              onClick={() => open(c.id)}
                              aria-label={t`Open the document of ${name}’s concession`}
                              title={c.documentName}
                            >
                              <Trans>Document</Trans>
                            </button>{' '}
                          </>
                        )}
                        {canDecide && c.status === 'requested' && (
                          <>
                            <button
                              type="button"
                              className="button-link"
                              onClick={() => act(c, 'approve')}
                              aria-label={t`Approve the concession of ${name}`}
                            >
                              <Trans>Approve</Trans>
                            </button>{' '}
                            <button
                              type="button"
                              className="button-link"
                              onClick={() => act(c, 'reject')}
                              aria-label={t`Reject the concession of ${name}`}
                            >
                              <Trans>Reject</Trans>
                            </button>
                          </>
                        )}
                        {canDecide && c.status === 'approved' && (
                          <button
                            type="button"
                            className="button-link"
                            onClick={() => act(c, 'revoke')}
                            aria-label={t`Revoke the concession of ${name}`}
                          >
                            <Trans>Revoke</Trans>
                          </button>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}

function ConcessionRequestForm({ options }: { options: ConcessionOptions }): ReactElement {
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
          <option value="">{t`All heads`}</option>
          {options.heads.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name} ({h.code})
            </option>
          ))}
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
