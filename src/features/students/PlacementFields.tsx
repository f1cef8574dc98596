import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Field, SelectField } from '../../components/form/Field.tsx'
import {
  academicSessionsQuery,
  classesQuery,
  groupsOfClass,
  groupsQuery,
  sectionsOf,
  sectionsQuery,
  shiftsQuery,
} from '../../lib/academic-structure.ts'
import type { PlacementInput } from '../../shared/schemas/students.ts'
import { nextRollQuery, type RollPlace } from './queries.ts'

/** A placement as typed: ids ('' for none chosen) and the roll as written ('' for none). */
export interface PlacementValues {
  academicSessionId: string
  classId: string
  groupId: string
  sectionId: string
  shiftId: string
  roll: string
  /** The roll was typed: the next free one is no longer put in its place. */
  rollEdited: boolean
}

export const emptyPlacement = (academicSessionId: string): PlacementValues => ({
  academicSessionId,
  classId: '',
  groupId: '',
  sectionId: '',
  shiftId: '',
  roll: '',
  rollEdited: false,
})

/** A placement to check with the shared schema: what is required may still be missing. */
type PlacementDraft = Omit<PlacementInput, 'academicSessionId' | 'classId'> & {
  academicSessionId: string | undefined
  classId: string | undefined
}

/** The placement as the API takes it: a required id not chosen is left out, an optional one null. */
export function placementInput(values: PlacementValues, proposedRoll: string): PlacementDraft {
  const roll = values.rollEdited ? values.roll.trim() : proposedRoll
  return {
    academicSessionId: values.academicSessionId || undefined,
    classId: values.classId || undefined,
    groupId: values.groupId || null,
    sectionId: values.sectionId || null,
    shiftId: values.shiftId || null,
    roll: roll === '' ? null : Number(roll),
  }
}

/** The next free roll of the chosen session, class and section, as text ('' until known). */
export function useProposedRoll(values: RollPlace): string {
  const { data } = useQuery(nextRollQuery(values))
  return values.classId && data ? String(data.roll) : ''
}

/**
 * Where a new student studies: session, class, the groups offered to that class, its sections
 * in that session, shift, and the roll, proposed as the section's next free one and editable.
 * A changed session or class forgets the choices that belonged to the one before. `errors` are
 * by the request's paths ('enrolment.classId').
 */
export function PlacementFields({
  values,
  proposedRoll,
  onChange,
  errors,
}: {
  values: PlacementValues
  proposedRoll: string
  onChange: (next: PlacementValues) => void
  errors: Record<string, string | undefined>
}) {
  const { t } = useLingui()
  const sessions = useSuspenseQuery(academicSessionsQuery('/students')).data
  const classes = useSuspenseQuery(classesQuery('/students')).data
  const groups = useSuspenseQuery(groupsQuery('/students')).data
  const sections = useSuspenseQuery(sectionsQuery('/students')).data
  const shifts = useSuspenseQuery(shiftsQuery('/students')).data
  const classGroups = values.classId ? groupsOfClass(groups, values.classId, true) : []
  const classSections = values.classId
    ? sectionsOf(sections, values.academicSessionId, values.classId, true)
    : []
  const activeShifts = shifts.filter((s) => s.active)
  const set = (next: Partial<PlacementValues>) => onChange({ ...values, ...next })
  const roll = values.rollEdited ? values.roll : proposedRoll

  return (
    <fieldset className="field placement">
      <legend>
        <Trans>Placement</Trans>
      </legend>
      <SelectField
        label={t`Session`}
        value={values.academicSessionId}
        onChange={(e) => set({ academicSessionId: e.target.value, sectionId: '' })}
        error={errors['enrolment.academicSessionId']}
      >
        <option value="">{t`Choose a session`}</option>
        {sessions
          .filter((s) => s.active || s.id === values.academicSessionId)
          .map(({ id, name, isCurrent }) => (
            <option key={id} value={id}>
              {isCurrent ? t`${name} (current)` : name}
            </option>
          ))}
      </SelectField>
      <SelectField
        label={t`Class`}
        value={values.classId}
        onChange={(e) => set({ classId: e.target.value, groupId: '', sectionId: '' })}
        error={errors['enrolment.classId']}
      >
        <option value="">{t`Choose a class`}</option>
        {classes
          .filter((c) => c.active)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
      </SelectField>
      {classGroups.length > 0 && (
        <SelectField
          label={t`Group`}
          value={values.groupId}
          onChange={(e) => set({ groupId: e.target.value })}
          error={errors['enrolment.groupId']}
        >
          <option value="">{t`No group`}</option>
          {classGroups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label={t`Section`}
        value={values.sectionId}
        disabled={classSections.length === 0}
        hint={
          values.classId && classSections.length === 0 ? (
            <Trans>This class has no sections in this session.</Trans>
          ) : undefined
        }
        onChange={(e) => set({ sectionId: e.target.value })}
        error={errors['enrolment.sectionId']}
      >
        <option value="">{t`No section`}</option>
        {classSections.map((section) => (
          <option key={section.id} value={section.id}>
            {section.name}
          </option>
        ))}
      </SelectField>
      {activeShifts.length > 0 && (
        <SelectField
          label={t`Shift`}
          value={values.shiftId}
          onChange={(e) => set({ shiftId: e.target.value })}
          error={errors['enrolment.shiftId']}
        >
          <option value="">{t`No shift`}</option>
          {activeShifts.map((shift) => (
            <option key={shift.id} value={shift.id}>
              {shift.name}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        label={t`Roll`}
        type="number"
        inputMode="numeric"
        min={1}
        value={roll}
        onChange={(e) => set({ roll: e.target.value, rollEdited: true })}
        hint={
          values.rollEdited ? undefined : (
            <Trans>The next free roll of the class and section; change it if you need to.</Trans>
          )
        }
        error={errors['enrolment.roll']}
      />
    </fieldset>
  )
}
