import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import {
  academicSessionsQuery,
  campusesQuery,
  classesQuery,
  groupsQuery,
  sectionsQuery,
} from '../../lib/academic-structure.ts'
import { studentStatuses, type StudentListQuery } from '../../shared/schemas/student-search.ts'
import { statusLabels } from './labels.ts'
import { groupsOfClass, sectionsOf } from './structure.ts'

type Filters = Pick<
  StudentListQuery,
  'academicSessionId' | 'campusId' | 'classId' | 'groupId' | 'sectionId' | 'status'
>

/**
 * The list's filters: the session (the current one unless another is chosen), campus, class,
 * then the groups offered to that class and its sections in that session, and the status. A
 * changed session or class forgets the section (and group) chosen for the one before.
 */
export function StudentFilters({
  search,
  onChange,
}: {
  search: Filters
  onChange: (next: Partial<Filters>) => void
}) {
  const { t, i18n } = useLingui()
  const sessions = useSuspenseQuery(academicSessionsQuery('/students')).data
  const campuses = useSuspenseQuery(campusesQuery('/students')).data.data
  const classes = useSuspenseQuery(classesQuery('/students')).data
  const groups = useSuspenseQuery(groupsQuery('/students')).data
  const sections = useSuspenseQuery(sectionsQuery('/students')).data
  const current = sessions.find((s) => s.isCurrent)
  const sessionId = search.academicSessionId ?? current?.id ?? ''
  const classGroups = groupsOfClass(groups, search.classId)
  const classSections = search.classId ? sectionsOf(sections, sessionId, search.classId) : []

  return (
    <>
      <label>
        <Trans>Session</Trans>{' '}
        <select
          value={sessionId}
          onChange={(e) =>
            onChange({
              // The current session is the list's default: the URL stays short.
              academicSessionId:
                e.target.value && e.target.value !== current?.id ? e.target.value : undefined,
              sectionId: undefined,
            })
          }
        >
          {!current && !search.academicSessionId && <option value="">{t`Choose a session`}</option>}
          {sessions.map(({ id, name, isCurrent }) => (
            <option key={id} value={id}>
              {isCurrent ? t`${name} (current)` : name}
            </option>
          ))}
        </select>
      </label>
      {campuses.length > 1 && (
        <label>
          <Trans>Campus</Trans>{' '}
          <select
            value={search.campusId ?? ''}
            onChange={(e) => onChange({ campusId: e.target.value || undefined })}
          >
            <option value="">{t`All campuses`}</option>
            {campuses.map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <Trans>Class</Trans>{' '}
        <select
          value={search.classId ?? ''}
          onChange={(e) =>
            onChange({
              classId: e.target.value || undefined,
              groupId: undefined,
              sectionId: undefined,
            })
          }
        >
          <option value="">{t`All classes`}</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {classGroups.length > 0 && (
        <label>
          <Trans>Group</Trans>{' '}
          <select
            value={search.groupId ?? ''}
            onChange={(e) => onChange({ groupId: e.target.value || undefined })}
          >
            <option value="">{t`All groups`}</option>
            {classGroups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <Trans>Section</Trans>{' '}
        <select
          value={search.sectionId ?? ''}
          disabled={classSections.length === 0}
          title={search.classId ? undefined : t`Choose a class first.`}
          onChange={(e) => onChange({ sectionId: e.target.value || undefined })}
        >
          <option value="">{t`All sections`}</option>
          {classSections.map((section) => (
            <option key={section.id} value={section.id}>
              {section.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <Trans>Status</Trans>{' '}
        <select
          value={search.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as Filters['status'] })}
        >
          <option value="">{t`All`}</option>
          {studentStatuses.map((status) => (
            <option key={status} value={status}>
              {i18n._(statusLabels[status])}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}
