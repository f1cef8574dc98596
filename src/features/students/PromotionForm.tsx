import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { academicSessionsQuery, classesQuery } from '../../lib/academic-structure.ts'
import { useFormat } from '../../lib/format.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import type {
  PromotionCounts,
  PromotionExceptionAction,
  PromotionRequestInput,
  PromotionStudent,
} from '../../shared/schemas/student-promotion.ts'
import { defaultMapping, defaultSessions, nextSessionId } from './promotion-defaults.ts'
import { useRunPromotion } from './mutations.ts'
import { promotionPreviewQuery } from './queries.ts'
import { ClassBlock, type Exceptions } from './PromotionClass.tsx'

/** The value after it stopped changing for a moment: typing a reason reads the preview once. */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** The plan: sessions, where each class goes and who is held back, with its preview. */
export function PromotionForm({ onStarted }: { onStarted: (jobId: string) => void }) {
  const { t } = useLingui()
  const ids = { from: useId(), to: useId(), sections: useId() }
  const { refusalText, toastUnlessFieldError, fieldErrors } = useServerErrors()
  const { data: sessions } = useSuspenseQuery(academicSessionsQuery('/students/promote'))
  const { data: classes } = useSuspenseQuery(classesQuery('/students/promote'))
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
