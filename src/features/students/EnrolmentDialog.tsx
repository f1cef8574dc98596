import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field, SelectField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import {
  groupsOfClass,
  groupsQuery,
  sectionsOf,
  sectionsQuery,
  shiftsQuery,
} from '../../lib/academic-structure.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  EnrolmentPatchSchema,
  type Enrolment,
  type EnrolmentPatch,
  type Student,
} from '../../shared/schemas/students.ts'
import { useUpdateEnrolment } from './mutations.ts'
import { useProposedRoll } from './PlacementFields.tsx'

interface Values {
  groupId: string
  sectionId: string
  shiftId: string
  roll: string
}

/**
 * Moves a student's enrolment to another section (or group, or shift) of its class and
 * session, or gives it another roll. A new section proposes its next free roll; a roll taken
 * there is refused on the roll's field.
 */
export function EnrolmentDialog({
  student,
  enrolment,
  onClose,
}: {
  student: Student
  enrolment: Enrolment
  onClose: () => void
}) {
  const { t } = useLingui()
  const { issues, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const groups = useSuspenseQuery(groupsQuery('/students')).data
  const sections = useSuspenseQuery(sectionsQuery('/students')).data
  const shifts = useSuspenseQuery(shiftsQuery('/students')).data
  const [initial] = useState<Values>(() => ({
    groupId: enrolment.groupId ?? '',
    sectionId: enrolment.sectionId ?? '',
    shiftId: enrolment.shiftId ?? '',
    roll: String(enrolment.roll),
  }))
  const [values, setValues] = useState<Values>(initial)
  const [rollEdited, setRollEdited] = useState(true)
  const [touched, setTouched] = useState(false)
  const proposed = useProposedRoll({
    academicSessionId: enrolment.academicSessionId,
    classId: enrolment.classId,
    sectionId: values.sectionId,
  })
  const roll = rollEdited ? values.roll : proposed
  const classGroups = groupsOfClass(groups, enrolment.classId).filter(
    (g) => g.active || g.id === enrolment.groupId,
  )
  const classSections = sectionsOf(sections, enrolment.academicSessionId, enrolment.classId).filter(
    (s) => s.active || s.id === enrolment.sectionId,
  )
  const activeShifts = shifts.filter((s) => s.active || s.id === enrolment.shiftId)

  // Only what changed is sent.
  const body: Record<string, unknown> = {}
  for (const key of ['groupId', 'sectionId', 'shiftId'] as const) {
    if (values[key] !== initial[key]) body[key] = values[key] || null
  }
  if (roll.trim() !== initial.roll) body.roll = Number(roll)
  const changed = Object.keys(body).length > 0
  const name = student.fullName

  const save = useUpdateEnrolment(student.id, enrolment.id, {
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The placement of ${name} was changed.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The placement was not changed`),
  })
  const local = touched ? issues(EnrolmentPatchSchema, body) : {}
  const errors = { ...fieldErrors(save.error), ...local }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (!changed) return onClose()
    const parsed = v.safeParse(EnrolmentPatchSchema, body)
    if (parsed.success) save.mutate(parsed.output as EnrolmentPatch)
  }

  const session = enrolment.sessionName
  const className = enrolment.className
  return (
    <Dialog title={t`Change section or roll`} onClose={onClose} unsaved={changed}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">
          <Trans>
            {name} in {className}, {session}.
          </Trans>
        </p>
        {classGroups.length > 0 && (
          <SelectField
            label={t`Group`}
            value={values.groupId}
            onChange={(e) => setValues((v) => ({ ...v, groupId: e.target.value }))}
            error={errors.groupId}
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
          onChange={(e) => {
            const sectionId = e.target.value
            setValues((v) => ({ ...v, sectionId }))
            // Another section: its next free roll, unless the student goes back to their own.
            setRollEdited(sectionId === initial.sectionId)
          }}
          error={errors.sectionId}
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
            onChange={(e) => setValues((v) => ({ ...v, shiftId: e.target.value }))}
            error={errors.shiftId}
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
          onChange={(e) => {
            setRollEdited(true)
            setValues((v) => ({ ...v, roll: e.target.value }))
          }}
          hint={
            rollEdited ? undefined : (
              <Trans>The next free roll of the section; change it if you need to.</Trans>
            )
          }
          error={errors.roll}
        />
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
