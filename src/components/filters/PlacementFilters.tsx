import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import {
  academicSessionsQuery,
  campusesQuery,
  classesQuery,
  groupsOfClass,
  groupsQuery,
  sectionsOf,
  sectionsQuery,
} from '../../lib/academic-structure.ts'
import { session } from '../../lib/session.ts'
import type { GuardedPath } from '../../shared/permissions/route-access.ts'

/** Where students are placed, as a list or report narrows to it; each left out is "all". */
export interface Placement {
  academicSessionId?: string | undefined
  campusId?: string | undefined
  classId?: string | undefined
  groupId?: string | undefined
  sectionId?: string | undefined
}

/**
 * A list's or report's placement filters: the session, campus, class, then the groups offered
 * to that class and its sections in that session. Without a session chosen, a list of students
 * shows the current one (`sessionDefault: 'current'`, the address stays short), a report every
 * session (`'all'`), its sections being the current session's. A changed session or class
 * forgets the section (and group) chosen for the one before. `screen` is the page the lists are
 * kept offline for. A report (`campusScoped`) offers a reader limited to some campuses only
 * theirs, and no campus filter at all when they have one (README "Campus scope").
 */
export function PlacementFilters({
  search,
  onChange,
  screen,
  sessionDefault,
  campusScoped = false,
}: {
  search: Placement
  onChange: (next: Partial<Placement>) => void
  screen: GuardedPath
  sessionDefault: 'current' | 'all'
  campusScoped?: boolean
}) {
  const { t } = useLingui()
  const sessions = useSuspenseQuery(academicSessionsQuery(screen)).data
  const allCampuses = useSuspenseQuery(campusesQuery(screen)).data.data
  const ownCampusIds = campusScoped ? session.userData()?.campusIds : undefined
  const campuses = ownCampusIds
    ? allCampuses.filter((c) => ownCampusIds.includes(c.id))
    : allCampuses
  const classes = useSuspenseQuery(classesQuery(screen)).data
  const groups = useSuspenseQuery(groupsQuery(screen)).data
  const sections = useSuspenseQuery(sectionsQuery(screen)).data
  const current = sessions.find((s) => s.isCurrent)
  const sessionId =
    search.academicSessionId ?? (sessionDefault === 'current' ? (current?.id ?? '') : '')
  const sectionSessionId = search.academicSessionId ?? current?.id ?? ''
  const classGroups = groupsOfClass(groups, search.classId)
  const classSections = search.classId ? sectionsOf(sections, sectionSessionId, search.classId) : []

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
                e.target.value && (sessionDefault === 'all' || e.target.value !== current?.id)
                  ? e.target.value
                  : undefined,
              sectionId: undefined,
            })
          }
        >
          {sessionDefault === 'all' ? (
            <option value="">{t`All sessions`}</option>
          ) : (
            !current && !search.academicSessionId && <option value="">{t`Choose a session`}</option>
          )}
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
            <option value="">{ownCampusIds ? t`All your campuses` : t`All campuses`}</option>
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
    </>
  )
}
