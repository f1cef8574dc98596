import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ReactElement } from 'react'
import type { FeeStructure } from '../../../shared/schemas/fee-setup.ts'
import type { GroupInvoiceOptions } from '../../../shared/schemas/fees-invoices.ts'
import { groupInvoiceOptionsQuery } from './queries.ts'
import { toggled, type ScopeDraft, type ScopeKind } from './group-invoice-scope.ts'

interface Props {
  structure: FeeStructure
  sessionId: string
  sections: GroupInvoiceOptions['sections']
  draft: ScopeDraft
  onChange: (next: Partial<ScopeDraft>) => void
}

/** Whom a run invoices: a campus's classes, narrowed by section and group, or listed students. */
export function GroupInvoiceWho({
  structure,
  sessionId,
  sections,
  draft,
  onChange,
}: Props): ReactElement {
  const { t } = useLingui()
  const id = useId()
  const classes = structure.classes.filter((c) => c.active)
  const chosenSections = sections.filter((s) => draft.classIds.includes(s.classId))
  const className = (classId: string) => classes.find((c) => c.id === classId)?.name ?? ''
  const groups = structure.groups.filter(
    (g) =>
      g.active &&
      (g.classIds.length === 0 ||
        draft.classIds.length === 0 ||
        g.classIds.some((c) => draft.classIds.includes(c))),
  )
  const kinds: [ScopeKind, string][] = [
    ['classes', t`By campus, class, section and group`],
    ['students', t`Listed students`],
  ]
  return (
    <fieldset className="field">
      <legend>
        <Trans>Students</Trans>
      </legend>
      <div className="check-grid" role="radiogroup" aria-label={t`Choose the students`}>
        {kinds.map(([kind, label]) => (
          <label key={kind} className="checkbox">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={draft.kind === kind}
              onChange={() => onChange({ kind })}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {draft.kind === 'classes' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-campus`}>
              <Trans>Campus</Trans>
            </label>
            <select
              id={`${id}-campus`}
              value={draft.campusId}
              onChange={(e) => onChange({ campusId: e.target.value })}
            >
              <option value="">{t`All campuses`}</option>
              {structure.campuses
                .filter((c) => c.active)
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </select>
          </div>
          <fieldset className="field" aria-describedby={`${id}-classes-hint`}>
            <legend>
              <Trans>Classes</Trans>
            </legend>
            <p id={`${id}-classes-hint`} className="muted">
              <Trans>None chosen: every class of the session.</Trans>
            </p>
            <div className="check-grid">
              {classes.map((c) => (
                <label key={c.id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={draft.classIds.includes(c.id)}
                    onChange={(e) => {
                      const classIds = toggled(draft.classIds, c.id, e.target.checked)
                      // A section of a class no longer chosen would narrow to nobody.
                      const sectionIds = draft.sectionIds.filter((s) =>
                        sections.some((x) => x.id === s && classIds.includes(x.classId)),
                      )
                      onChange({ classIds, sectionIds })
                    }}
                  />{' '}
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
          {chosenSections.length > 0 && (
            <fieldset className="field">
              <legend>
                <Trans>Sections (none chosen: all of the chosen classes)</Trans>
              </legend>
              <div className="check-grid">
                {chosenSections.map((s) => (
                  <label key={s.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={draft.sectionIds.includes(s.id)}
                      onChange={(e) =>
                        onChange({ sectionIds: toggled(draft.sectionIds, s.id, e.target.checked) })
                      }
                    />{' '}
                    {className(s.classId)} {s.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {groups.length > 0 && (
            <fieldset className="field">
              <legend>
                <Trans>Groups (none chosen: every student, in a group or not)</Trans>
              </legend>
              <div className="check-grid">
                {groups.map((g) => (
                  <label key={g.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={draft.groupIds.includes(g.id)}
                      onChange={(e) =>
                        onChange({ groupIds: toggled(draft.groupIds, g.id, e.target.checked) })
                      }
                    />{' '}
                    {g.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </>
      ) : (
        <StudentPicker sessionId={sessionId} draft={draft} onChange={onChange} />
      )}
    </fieldset>
  )
}

function StudentPicker({
  sessionId,
  draft,
  onChange,
}: Pick<Props, 'sessionId' | 'draft' | 'onChange'>): ReactElement {
  const { t } = useLingui()
  const id = useId()
  const [q, setQ] = useState('')
  const query = q.trim()
  const found = useQuery({
    ...groupInvoiceOptionsQuery({ academicSessionId: sessionId, q: query }),
    enabled: query.length >= 2,
  })
  const chosen = draft.students
  const offered = (found.data?.students ?? []).filter((s) => !chosen.some((c) => c.id === s.id))
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-q`}>
          <Trans>Find a student (name or student ID)</Trans>
        </label>
        <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {query.length >= 2 && found.isSuccess && offered.length === 0 && (
        <p className="muted" role="status">
          <Trans>No other student of the session matches.</Trans>
        </p>
      )}
      {offered.length > 0 && (
        <ul className="group-invoice-list" aria-label={t`Students found`}>
          {offered.map((s) => {
            const label = `${s.fullName} (${s.studentCode}, ${s.className})`
            return (
              <li key={s.id}>
                {label}{' '}
                <button
                  type="button"
                  className="button-link"
                  aria-label={t`Add ${label}`}
                  onClick={() => onChange({ students: [...chosen, { id: s.id, label }] })}
                >
                  <Trans>Add</Trans>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <h3>
        <Trans>Listed students</Trans>
      </h3>
      {chosen.length === 0 ? (
        <p className="muted">
          <Trans>None yet: find students above and add them.</Trans>
        </p>
      ) : (
        <ul className="group-invoice-list" aria-label={t`Listed students`}>
          {chosen.map(({ id: key, label }) => (
            <li key={key}>
              {label}{' '}
              <button
                type="button"
                className="button-link"
                aria-label={t`Remove ${label}`}
                onClick={() => onChange({ students: chosen.filter((c) => c.id !== key) })}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
