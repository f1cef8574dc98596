import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { SelectField } from '../../../components/form/Field.tsx'
import {
  academicSessionsQuery,
  classesQuery,
  groupsQuery,
} from '../../../lib/academic-structure.ts'
import type { FormDraft } from './form-draft.ts'

type Placement = Pick<FormDraft, 'academicSessionId' | 'classId' | 'groupId'>

/**
 * The session, class and group a form is for, chosen from the institute's structure: its active
 * items (and whatever the form already has), groups only those offered to the class.
 */
export function PlacementFields({
  value,
  errors,
  onChange,
}: {
  value: Placement
  errors: Partial<Record<keyof Placement, string | undefined>>
  onChange: (next: Placement) => void
}) {
  const { t } = useLingui()
  const sessions = useQuery(academicSessionsQuery()).data
  const classes = useQuery(classesQuery()).data
  const groups = useQuery(groupsQuery()).data
  const shown = <T extends { id: string; active: boolean }>(items: T[] | undefined, kept: string) =>
    (items ?? []).filter((item) => item.active || item.id === kept)
  const offered = (classId: string) =>
    shown(groups, value.groupId).filter(
      (g) => g.classIds.length === 0 || g.classIds.includes(classId),
    )
  const groupChoices = value.classId ? offered(value.classId) : []

  return (
    <div className="form-row">
      <SelectField
        label={t`Academic session`}
        value={value.academicSessionId}
        disabled={!sessions}
        onChange={(e) => onChange({ ...value, academicSessionId: e.target.value })}
        error={errors.academicSessionId}
      >
        <option value="">{t`Choose a session`}</option>
        {shown(sessions, value.academicSessionId).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`Class`}
        value={value.classId}
        disabled={!classes}
        onChange={(e) => {
          const classId = e.target.value
          // A group the new class is not offered is let go.
          const keepGroup = offered(classId).some((g) => g.id === value.groupId)
          onChange({ ...value, classId, groupId: keepGroup ? value.groupId : '' })
        }}
        error={errors.classId}
      >
        <option value="">{t`Choose a class`}</option>
        {shown(classes, value.classId).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`Group (optional)`}
        value={value.groupId}
        disabled={!groups || groupChoices.length === 0}
        onChange={(e) => onChange({ ...value, groupId: e.target.value })}
        error={errors.groupId}
      >
        <option value="">{t`No group`}</option>
        {groupChoices.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
