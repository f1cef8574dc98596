import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ChangeEvent } from 'react'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { campusesQuery } from '../../lib/academic-structure.ts'
import { genders } from '../../shared/schemas/person.ts'
import { bloodGroups, type StudentFields as Fields } from '../../shared/schemas/students.ts'
import { fieldLabels, genderLabels } from './labels.ts'

export type FieldName = keyof Fields | 'studentCode'
/** A student's fields as typed. */
export type FieldValues = Record<FieldName, string>

export const studentFieldNames: readonly FieldName[] = [
  'studentCode',
  'fullName',
  'dateOfBirth',
  'gender',
  'religion',
  'bloodGroup',
  'campusId',
  'fatherName',
  'motherName',
  'guardianName',
  'guardianRelation',
  'guardianPhone',
  'guardianEmail',
  'address',
]

/**
 * Who a student is (student ID, name, birth, campus …) and who to call (parents and guardian),
 * the inputs of the new-student and edit dialogs. `errors` are by field name.
 */
export function StudentFields({
  values,
  onChange,
  errors,
  withCode,
}: {
  values: FieldValues
  onChange: (next: FieldValues) => void
  errors: Record<string, string | undefined>
  withCode: 'optional' | 'required'
}) {
  const { t, i18n } = useLingui()
  const campuses = useSuspenseQuery(campusesQuery('/students')).data.data
  const label = (field: FieldName) => i18n._(fieldLabels[field])
  const input = (field: FieldName) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange({ ...values, [field]: e.target.value }),
    error: errors[field],
  })

  return (
    <>
      <fieldset className="field">
        <legend>
          <Trans>Student</Trans>
        </legend>
        <div className="form-row">
          <Field label={label('fullName')} autoComplete="off" {...input('fullName')} />
          <Field
            label={label('studentCode')}
            autoComplete="off"
            hint={
              withCode === 'optional' ? (
                <Trans>Left empty, the next student ID is given.</Trans>
              ) : undefined
            }
            {...input('studentCode')}
          />
        </div>
        <div className="form-row">
          <Field label={label('dateOfBirth')} type="date" {...input('dateOfBirth')} />
          <SelectField label={label('gender')} {...input('gender')}>
            <option value="">{t`Not given`}</option>
            {genders.map((gender) => (
              <option key={gender} value={gender}>
                {i18n._(genderLabels[gender])}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="form-row">
          <Field label={label('religion')} {...input('religion')} />
          <SelectField label={label('bloodGroup')} {...input('bloodGroup')}>
            <option value="">{t`Not given`}</option>
            {bloodGroups.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField label={label('campusId')} {...input('campusId')}>
          {!values.campusId && <option value="">{t`Choose a campus`}</option>}
          {campuses
            .filter((c) => c.active || c.id === values.campusId)
            .map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
        </SelectField>
      </fieldset>
      <fieldset className="field">
        <legend>
          <Trans>Family</Trans>
        </legend>
        <div className="form-row">
          <Field label={label('fatherName')} {...input('fatherName')} />
          <Field label={label('motherName')} {...input('motherName')} />
        </div>
        <div className="form-row">
          <Field label={label('guardianName')} {...input('guardianName')} />
          <Field
            label={label('guardianRelation')}
            hint={<Trans>Such as father, mother, uncle.</Trans>}
            {...input('guardianRelation')}
          />
        </div>
        <div className="form-row">
          <Field
            label={label('guardianPhone')}
            type="tel"
            hint={<Trans>Students with the same guardian’s phone are shown as a family.</Trans>}
            {...input('guardianPhone')}
          />
          <Field label={label('guardianEmail')} type="email" {...input('guardianEmail')} />
        </div>
        <Field label={label('address')} {...input('address')} />
      </fieldset>
    </>
  )
}
