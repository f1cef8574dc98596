import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react'
import * as v from 'valibot'
import { JobProgress } from '../../components/JobProgress.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useStackedTable } from '../../components/table/use-stacked-table.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import type { ErrorDetail } from '../../shared/schemas/api-error.ts'
import type { Job } from '../../shared/schemas/jobs.ts'
import {
  PromotionResultSchema,
  type PromotionCounts,
  type PromotionExceptionAction,
  type PromotionPreview,
  type PromotionRequestInput,
  type PromotionResult,
  type PromotionStudent,
} from '../../shared/schemas/students.ts'
import {
  defaultMapping,
  defaultSessions,
  nextSessionId,
  type ClassTarget,
} from './promotion-defaults.ts'
import {
  promotionClassesQuery,
  promotionPreviewQuery,
  promotionSessionsQuery,
  useRunPromotion,
} from './promotion-queries.ts'
import './promotion.css'

export interface PromoteSearch {
  /** The promotion job under way or finished: its progress and result are shown. */
  job?: string | undefined
}

type Exceptions = Record<string, { action: PromotionExceptionAction; reason: string }>

/** /students/promote: a session's classes moved on to the next session, previewed first. */
export function PromotePage({
  search,
  onSearchChange,
}: {
  search: PromoteSearch
  onSearchChange: (next: PromoteSearch) => void
}): ReactElement {
  return (
    <div className="page promotion-page">
      <PageHeader
        title={<Trans>Promote students</Trans>}
        subtitle={
          <Trans>
            Move a session’s students on to the next session, class by class: choose where each
            class goes and who is held back, leaves or graduates, check the preview, then promote.
            Running it again changes nothing.
          </Trans>
        }
      />
      {search.job ? (
        <PromotionRun jobId={search.job} onAgain={() => onSearchChange({ job: undefined })} />
      ) : (
        <PromotionForm onStarted={(job) => onSearchChange({ job })} />
      )}
    </div>
  )
}

/** The value after it stopped changing for a moment: typing a reason reads the preview once. */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

function PromotionForm({ onStarted }: { onStarted: (jobId: string) => void }) {
  const { t } = useLingui()
  const ids = { from: useId(), to: useId(), sections: useId() }
  const { refusalText, toastUnlessFieldError, fieldErrors } = useServerErrors()
  const { data: sessions } = useSuspenseQuery(promotionSessionsQuery())
  const { data: classes } = useSuspenseQuery(promotionClassesQuery())
  const [sessionIds, setSessionIds] = useState(() => defaultSessions(sessions))
  const [sectionRule, setSectionRule] = useState<'keep_section_name' | 'none'>('keep_section_name')
  const [mapping, setMapping] = useState(() => defaultMapping(classes))
  const [exceptions, setExceptions] = useState<Exceptions>({})
  const ordered = useMemo(
    () => [...classes].filter((c) => c.active).sort((a, b) => a.position - b.position),
    [classes],
  )

  const request = useMemo<PromotionRequestInput>(
    () => ({
      fromSessionId: sessionIds.fromId,
      toSessionId: sessionIds.toId,
      classMappings: ordered
        .filter((c) => mapping[c.id] !== undefined && mapping[c.id] !== 'skip')
        .map((c) => ({
          fromClassId: c.id,
          toClassId: mapping[c.id] === 'graduate' ? null : mapping[c.id]!,
        })),
      exceptions: Object.entries(exceptions).map(([studentId, e]) => ({ studentId, ...e })),
      sectionRule,
    }),
    [sessionIds, ordered, mapping, exceptions, sectionRule],
  )
  const settled = useSettled(request)
  const ready = Boolean(
    settled.fromSessionId && settled.toSessionId && settled.classMappings.length,
  )
  const preview = useQuery({ ...promotionPreviewQuery(settled), enabled: ready })
  const run = useRunPromotion({
    onSuccess: ({ jobId }) => onStarted(jobId),
    onError: (err) => toastUnlessFieldError(err, t`The promotion was not started`),
  })
  // One key per request: the same request sent again (after a lost answer) is the same job.
  const keys = useRef(new Map<string, string>())
  const start = () => {
    const asked = JSON.stringify(request)
    const idempotencyKey = keys.current.get(asked) ?? crypto.randomUUID()
    keys.current.set(asked, idempotencyKey)
    run.mutate({ request, idempotencyKey })
  }

  const chooseFrom = (fromId: string) => {
    setSessionIds({ fromId, toId: nextSessionId(sessions, fromId) ?? '' })
    setExceptions({})
  }
  const setException = (student: PromotionStudent, action: string, reason: string) => {
    setExceptions((all) => {
      const rest = { ...all }
      delete rest[student.studentId]
      const standard = mapping[student.from.classId] === 'graduate' ? 'graduate' : 'promote'
      return action === standard
        ? rest
        : { ...rest, [student.studentId]: { action: action as PromotionExceptionAction, reason } }
    })
  }

  const data = preview.data
  const refused = preview.error ? fieldErrors(preview.error) : {}
  const stale = preview.isPlaceholderData || settled !== request
  const counts = data?.totals
  const changing = counts ? counts.promote + counts.hold_back + counts.leave + counts.graduate : 0
  const classPreview = (classId: string) => data?.classes.find((c) => c.fromClassId === classId)

  return (
    <>
      <section className="card">
        <div className="form-row">
          <div className="field">
            <label htmlFor={ids.from}>
              <Trans>From session</Trans>
            </label>
            <select
              id={ids.from}
              value={sessionIds.fromId}
              onChange={(e) => chooseFrom(e.target.value)}
            >
              {sessions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.to}>
              <Trans>To session</Trans>
            </label>
            <select
              id={ids.to}
              value={sessionIds.toId}
              onChange={(e) => setSessionIds((s) => ({ ...s, toId: e.target.value }))}
              aria-invalid={refused.toSessionId ? true : undefined}
              aria-describedby={refused.toSessionId ? `${ids.to}-error` : undefined}
            >
              <option value="">{t`Choose a session`}</option>
              {sessions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {refused.toSessionId && (
              <small id={`${ids.to}-error`} className="field-error" role="alert">
                {refused.toSessionId}
              </small>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.sections}>
              <Trans>Sections in the new session</Trans>
            </label>
            <select
              id={ids.sections}
              value={sectionRule}
              onChange={(e) => setSectionRule(e.target.value as typeof sectionRule)}
            >
              <option value="keep_section_name">{t`The section of the same name`}</option>
              <option value="none">{t`No section`}</option>
            </select>
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby={`${ids.from}-classes`}>
        <h2 id={`${ids.from}-classes`}>
          <Trans>Classes</Trans>
        </h2>
        {ordered.length === 0 && (
          <p className="muted">
            <Trans>The institute has no classes yet: add them under Academic structure.</Trans>
          </p>
        )}
        {ordered.map((c) => (
          <ClassBlock
            key={c.id}
            name={c.name}
            target={mapping[c.id] ?? 'skip'}
            classes={ordered}
            onTarget={(target) => setMapping((m) => ({ ...m, [c.id]: target }))}
            preview={mapping[c.id] === 'skip' ? undefined : classPreview(c.id)}
            toSessionName={data?.toSessionName ?? ''}
            exceptions={exceptions}
            onException={setException}
          />
        ))}
      </section>

      <section className="card promotion-summary" aria-live="polite">
        {preview.error && Object.keys(refused).length === 0 && (
          <p className="field-error" role="alert">
            {refusalText(preview.error) ?? t`The preview could not be read. Try again shortly.`}
          </p>
        )}
        {Object.entries(refused)
          .filter(([field]) => field !== 'toSessionId')
          .map(([field, words]) => (
            <p key={field} className="field-error" role="alert">
              {words}
            </p>
          ))}
        {counts && <CountsLine counts={counts} toSessionName={data.toSessionName} />}
        {stale && ready && (
          <p className="muted" role="status">
            <Trans>Updating the preview…</Trans>
          </p>
        )}
        <button
          type="button"
          className="button button-primary"
          disabled={!ready || !counts || stale || changing === 0 || run.isPending}
          aria-busy={run.isPending}
          onClick={start}
        >
          <Plural value={changing} one="Promote # student" other="Promote # students" />
        </button>
      </section>
    </>
  )
}

/** The preview's totals in a sentence. */
function CountsLine({ counts, toSessionName }: { counts: PromotionCounts; toSessionName: string }) {
  const { number } = useFormat()
  const promoted = number(counts.promote)
  const held = number(counts.hold_back)
  const leaving = number(counts.leave)
  const graduating = number(counts.graduate)
  const already = number(counts.already_enrolled)
  return (
    <p>
      <Trans>
        {promoted} promoted, {held} held back, {leaving} leaving, {graduating} graduating.
      </Trans>
      {counts.already_enrolled > 0 && (
        <>
          {' '}
          <Trans>
            {already} already enrolled in {toSessionName}, left as they are.
          </Trans>
        </>
      )}
    </p>
  )
}

/** A class's counts in a line. */
function ClassCounts({ counts }: { counts: PromotionCounts }) {
  const { number } = useFormat()
  const promoted = number(counts.promote)
  const held = number(counts.hold_back)
  const leaving = number(counts.leave)
  const graduating = number(counts.graduate)
  const unchanged = number(counts.already_enrolled + counts.not_active)
  return (
    <span className="promotion-class-counts muted">
      <Trans>
        {promoted} promoted · {held} held back · {leaving} leaving · {graduating} graduating
      </Trans>
      {counts.already_enrolled + counts.not_active > 0 && (
        <>
          {' · '}
          <Trans>{unchanged} left as they are</Trans>
        </>
      )}
    </span>
  )
}

/** One class: where it goes, its counts, and (opened) its students. */
function ClassBlock({
  name,
  target,
  classes,
  onTarget,
  preview,
  toSessionName,
  exceptions,
  onException,
}: {
  name: string
  target: ClassTarget
  classes: { id: string; name: string }[]
  onTarget: (target: ClassTarget) => void
  preview: PromotionPreview['classes'][number] | undefined
  toSessionName: string
  exceptions: Exceptions
  onException: (student: PromotionStudent, action: string, reason: string) => void
}) {
  const { t } = useLingui()
  const { translate } = useServerErrors()
  const { number } = useFormat()
  const targetId = useId()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const students = preview?.students ?? []
  const studentCount = number(students.length)
  const counts = preview?.counts
  return (
    <div className="promotion-class">
      <div className="promotion-class-head">
        <label htmlFor={targetId} className="promotion-class-name">
          <Trans>
            {name} <span className="muted">goes to</span>
          </Trans>
        </label>
        <select id={targetId} value={target} onChange={(e) => onTarget(e.target.value)}>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          <option value="graduate">{t`Graduates (leaves the school)`}</option>
          <option value="skip">{t`Not promoted now`}</option>
        </select>
        {counts && <ClassCounts counts={counts} />}
        {students.length > 0 && (
          <button
            type="button"
            className="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? (
              <Trans>Hide the students of {name}</Trans>
            ) : (
              <Trans>
                Show the students of {name} ({studentCount})
              </Trans>
            )}
          </button>
        )}
      </div>
      {preview?.errors.map((error: ErrorDetail, i) => (
        <p key={i} className="field-error" role="alert">
          {translate(error)} <Trans>This class is left as it is until that is fixed.</Trans>
        </p>
      ))}
      {open && students.length > 0 && (
        <div id={listId}>
          <StudentTable
            className={name}
            students={students}
            graduating={target === 'graduate'}
            toSessionName={toSessionName}
            exceptions={exceptions}
            onException={onException}
          />
        </div>
      )}
    </div>
  )
}

const placeText = (place: { className: string; sectionName: string | null; roll: number }) =>
  [place.className, place.sectionName, place.roll].filter((p) => p !== null).join(' · ')

function StudentTable({
  className,
  students,
  graduating,
  toSessionName,
  exceptions,
  onException,
}: {
  className: string
  students: PromotionStudent[]
  graduating: boolean
  toSessionName: string
  exceptions: Exceptions
  onException: (student: PromotionStudent, action: string, reason: string) => void
}) {
  const { t } = useLingui()
  const { wrap, table } = useStackedTable()
  return (
    <div ref={wrap} className="table-wrap">
      <table ref={table} className="table">
        <caption className="visually-hidden">{t`Students of ${className}`}</caption>
        <thead>
          <HeaderRow
            columns={[
              { label: <Trans>Student</Trans> },
              { label: <Trans>Now</Trans> },
              { label: <Trans>What happens</Trans> },
              { label: <Trans>Reason</Trans> },
              { label: <Trans>Next session</Trans> },
            ]}
          />
        </thead>
        <tbody>
          {students.map((s) => {
            const studentName = s.fullName
            const chosen = exceptions[s.studentId]
            const fixed = s.action === 'already_enrolled' || s.action === 'not_active'
            const action = chosen?.action ?? (graduating ? 'graduate' : 'promote')
            return (
              <tr key={s.studentId}>
                <td>
                  {s.fullName} <small className="muted block">{s.studentCode}</small>
                </td>
                <td>{placeText(s.from)}</td>
                <td>
                  {fixed ? (
                    s.action === 'already_enrolled' ? (
                      <Trans>Already enrolled in {toSessionName}</Trans>
                    ) : (
                      <Trans>No longer active</Trans>
                    )
                  ) : (
                    <select
                      aria-label={t`What happens to ${studentName}`}
                      value={action}
                      onChange={(e) => onException(s, e.target.value, chosen?.reason ?? '')}
                    >
                      {!graduating && <option value="promote">{t`Promoted`}</option>}
                      <option value="hold_back">{t`Held back`}</option>
                      <option value="leave">{t`Leaves`}</option>
                      <option value="graduate">{t`Graduates`}</option>
                    </select>
                  )}
                </td>
                <td>
                  {!fixed && action === 'leave' && chosen && (
                    <input
                      type="text"
                      maxLength={300}
                      aria-label={t`Why ${studentName} leaves`}
                      value={chosen.reason}
                      onChange={(e) => onException(s, action, e.target.value)}
                    />
                  )}
                </td>
                <td>{s.to ? placeText(s.to) : <span className="muted">—</span>}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** The promotion's job: its progress, then what it did class by class. */
function PromotionRun({ jobId, onAgain }: { jobId: string; onAgain: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [finished, setFinished] = useState<Job>()
  const parsed = finished && v.safeParse(PromotionResultSchema, finished.result)
  const result = parsed?.success ? parsed.output : undefined
  return (
    <section className="card" aria-labelledby={`${jobId}-title`}>
      <h2 id={`${jobId}-title`}>
        <Trans>Promotion</Trans>
      </h2>
      <JobProgress
        jobId={jobId}
        label={t`Promoting students`}
        onFinished={(job) => {
          setFinished(job)
          // The student lists show the new session's classes.
          void queryClient.invalidateQueries({ queryKey: ['students'] })
        }}
      />
      {result && <ResultTable result={result} />}
      <button type="button" className="button" onClick={onAgain}>
        <Trans>Start another promotion</Trans>
      </button>
    </section>
  )
}

function ResultTable({ result }: { result: PromotionResult }) {
  const { t } = useLingui()
  const { number } = useFormat()
  const { translate } = useServerErrors()
  const { wrap, table } = useStackedTable()
  const total = result.totals
  const promoted = number(total.promote)
  const held = number(total.hold_back)
  const left = number(total.leave)
  const graduated = number(total.graduate)
  const skipped = number(total.already_enrolled + total.not_active)
  return (
    <>
      <p role="status">
        <Trans>
          {promoted} promoted, {held} held back, {left} left, {graduated} graduated; {skipped}{' '}
          already enrolled or no longer active, left as they were.
        </Trans>
      </p>
      <div ref={wrap} className="table-wrap">
        <table ref={table} className="table">
          <caption className="visually-hidden">{t`What the promotion did`}</caption>
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>Class</Trans> },
                { label: <Trans>Promoted</Trans>, amount: true },
                { label: <Trans>Held back</Trans>, amount: true },
                { label: <Trans>Left</Trans>, amount: true },
                { label: <Trans>Graduated</Trans>, amount: true },
                { label: <Trans>Already enrolled</Trans>, amount: true },
                { label: <Trans>Not promoted because</Trans> },
              ]}
            />
          </thead>
          <tbody>
            {result.classes.map((c) => {
              const done = c.errors.length === 0
              const shown = (n: number) => (done ? number(n) : '—')
              return (
                <tr key={c.fromClassId}>
                  <td>
                    {c.toClassName ? `${c.fromClassName} → ${c.toClassName}` : c.fromClassName}
                  </td>
                  <td className="amount">{shown(c.counts.promote)}</td>
                  <td className="amount">{shown(c.counts.hold_back)}</td>
                  <td className="amount">{shown(c.counts.leave)}</td>
                  <td className="amount">{shown(c.counts.graduate)}</td>
                  <td className="amount">{shown(c.counts.already_enrolled)}</td>
                  <td>{c.errors.map((e) => translate(e)).join(' ')}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
