import './institutes.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useId, useState, type ReactElement, type ReactNode } from 'react'
import { UnsavedChangesPrompt } from '../../components/Dialog.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useAbility } from '../../lib/ability.ts'
import { showToast } from '../../lib/toasts.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useMarkCurrentSession } from './mutations.ts'
import {
  academicSessionsQuery,
  classesQuery,
  groupsQuery,
  sectionsQuery,
  shiftsQuery,
} from '../../lib/academic-structure.ts'
import { StructureTable, type Values } from './StructureTable.tsx'

const text = (values: Values, key: string) => String(values[key] ?? '').trim()
const nameValues = (item: { name: string } | undefined): Values => ({ name: item?.name ?? '' })
const nameInput = (values: Values) => ({ name: text(values, 'name') })

/** /academic-structure: the sessions, classes, groups, sections and shifts of the institute. */
export function AcademicStructurePage(): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const { refusalText } = useServerErrors()
  const ids = useId()
  const sessions = useSuspenseQuery(academicSessionsQuery()).data
  const classes = useSuspenseQuery(classesQuery()).data
  const groups = useSuspenseQuery(groupsQuery()).data
  const sections = useSuspenseQuery(sectionsQuery()).data
  const shifts = useSuspenseQuery(shiftsQuery()).data
  const editable = ability.can('update', 'institute') && ability.can('create', 'institute')
  const deletable = ability.can('delete', 'institute')
  const [sessionId, setSessionId] = useState(
    () => sessions.find((s) => s.isCurrent)?.id ?? sessions[0]?.id ?? '',
  )
  const [classId, setClassId] = useState(() => classes[0]?.id ?? '')

  // The rows with a change not saved yet: leaving the page asks before they are lost.
  const [changedRows, setChangedRows] = useState<ReadonlySet<string>>(() => new Set())
  const onChanged = useCallback((row: string, changed: boolean) => {
    setChangedRows((current) => {
      if (current.has(row) === changed) return current
      const next = new Set(current)
      if (changed) next.add(row)
      else next.delete(row)
      return next
    })
  }, [])
  const guard = useUnsavedChanges(changedRows.size > 0)
  const common = { editable, deletable, onChanged }
  const markCurrent = useMarkCurrentSession({
    onSuccess: ({ name }) =>
      showToast({ variant: 'success', title: t`${name} is now the current session.` }),
    onError: (err) =>
      showToast({ variant: 'error', title: t`Not changed`, text: refusalText(err) ?? '' }),
  })

  const shownSections = sections.filter(
    (s) => s.academicSessionId === sessionId && s.classId === classId,
  )

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Academic structure</Trans>}
        subtitle={
          <Trans>
            The sessions, classes, groups, sections and shifts that admission forms and students are
            given. Deactivate what is no longer offered; only what nothing uses can be deleted.
          </Trans>
        }
      />
      <Part title={<Trans>Sessions</Trans>}>
        <StructureTable
          {...common}
          list="session"
          caption={t`Sessions`}
          addLabel={t`Add session`}
          items={sessions}
          columns={[
            { key: 'name', label: t`Name`, kind: 'text' },
            { key: 'startsOn', label: t`Starts on`, kind: 'date' },
            { key: 'endsOn', label: t`Ends on`, kind: 'date' },
          ]}
          valuesOf={(s) => ({
            name: s?.name ?? '',
            startsOn: s?.startsOn ?? '',
            endsOn: s?.endsOn ?? '',
          })}
          toInput={(v) => ({
            name: text(v, 'name'),
            startsOn: text(v, 'startsOn'),
            endsOn: text(v, 'endsOn'),
          })}
          toPatch={(v) => ({
            name: text(v, 'name'),
            startsOn: text(v, 'startsOn'),
            endsOn: text(v, 'endsOn'),
          })}
          badges={(s) =>
            s.isCurrent && (
              <span className="tag tag-success">
                <Trans>Current</Trans>
              </span>
            )
          }
          extraActions={({ id, name, isCurrent }) =>
            isCurrent
              ? []
              : [
                  {
                    label: <Trans>Mark current</Trans>,
                    name: t`Mark current: ${name}`,
                    onSelect: () => markCurrent.mutate(id),
                    disabled: markCurrent.isPending,
                  },
                ]
          }
        />
      </Part>
      <Part title={<Trans>Classes</Trans>}>
        <StructureTable
          {...common}
          list="class"
          caption={t`Classes`}
          addLabel={t`Add class`}
          items={classes}
          columns={[{ key: 'name', label: t`Name`, kind: 'text' }]}
          valuesOf={nameValues}
          toInput={nameInput}
          toPatch={nameInput}
        />
      </Part>
      <Part title={<Trans>Groups</Trans>}>
        <StructureTable
          {...common}
          list="group"
          caption={t`Groups`}
          addLabel={t`Add group`}
          items={groups}
          classes={classes}
          columns={[
            { key: 'name', label: t`Name`, kind: 'text' },
            { key: 'classIds', label: t`Classes`, kind: 'classes' },
          ]}
          valuesOf={(g) => ({ name: g?.name ?? '', classIds: g?.classIds ?? [] })}
          toInput={(v) => ({ name: text(v, 'name'), classIds: v.classIds as string[] })}
          toPatch={(v) => ({ name: text(v, 'name'), classIds: v.classIds as string[] })}
        />
      </Part>
      <Part title={<Trans>Sections</Trans>}>
        <div className="toolbar">
          <div>
            <label htmlFor={`${ids}-session`}>
              <Trans>Session</Trans>
            </label>{' '}
            <select
              id={`${ids}-session`}
              value={sessionId}
              onChange={(e) => setSessionId(e.target.value)}
            >
              {sessions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-class`}>
              <Trans>Class</Trans>
            </label>{' '}
            <select
              id={`${ids}-class`}
              value={classId}
              onChange={(e) => setClassId(e.target.value)}
            >
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        {sessionId && classId ? (
          <StructureTable
            {...common}
            key={`${sessionId}:${classId}`}
            list="section"
            caption={t`Sections`}
            addLabel={t`Add section`}
            items={shownSections}
            columns={[
              { key: 'name', label: t`Name`, kind: 'text' },
              { key: 'capacity', label: t`Capacity`, kind: 'number' },
            ]}
            valuesOf={(s) => ({ name: s?.name ?? '', capacity: s?.capacity?.toString() ?? '' })}
            toInput={(v) => ({
              academicSessionId: sessionId,
              classId,
              name: text(v, 'name'),
              capacity: text(v, 'capacity') ? Number(text(v, 'capacity')) : null,
            })}
            toPatch={(v) => ({
              name: text(v, 'name'),
              capacity: text(v, 'capacity') ? Number(text(v, 'capacity')) : null,
            })}
          />
        ) : (
          <p className="muted">
            <Trans>Add a session and a class first: sections belong to both.</Trans>
          </p>
        )}
      </Part>
      <Part title={<Trans>Shifts</Trans>}>
        <StructureTable
          {...common}
          list="shift"
          caption={t`Shifts`}
          addLabel={t`Add shift`}
          items={shifts}
          columns={[{ key: 'name', label: t`Name`, kind: 'text' }]}
          valuesOf={nameValues}
          toInput={nameInput}
          toPatch={nameInput}
        />
      </Part>
      <UnsavedChangesPrompt guard={guard} />
    </div>
  )
}

function Part({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="card structure-part">
      <h2>{title}</h2>
      {children}
    </section>
  )
}
