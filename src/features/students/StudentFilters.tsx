import { Trans, useLingui } from '@lingui/react/macro'
import { PlacementFilters } from '../../components/filters/PlacementFilters.tsx'
import { studentStatuses, type StudentListQuery } from '../../shared/schemas/student-search.ts'
import { statusLabels } from './labels.ts'

type Filters = Pick<
  StudentListQuery,
  'academicSessionId' | 'campusId' | 'classId' | 'groupId' | 'sectionId' | 'status'
>

/** The list's filters: where students are placed (the current session unless another is chosen), and the status. */
export function StudentFilters({
  search,
  onChange,
}: {
  search: Filters
  onChange: (next: Partial<Filters>) => void
}) {
  const { t, i18n } = useLingui()
  return (
    <>
      <PlacementFilters
        search={search}
        onChange={onChange}
        screen="/students"
        sessionDefault="current"
      />
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
