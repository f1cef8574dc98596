import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { academicSessionsQuery, campusesQuery } from '../../lib/academic-structure.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  StudentCreateSchema,
  StudentPatchSchema,
  type Student,
  type StudentPatch,
} from '../../shared/schemas/students.ts'
import { useCreateStudent, useUpdateStudent } from './mutations.ts'
import {
  emptyPlacement,
  PlacementFields,
  placementInput,
  useProposedRoll,
  type PlacementValues,
} from './PlacementFields.tsx'
import { StudentFields, studentFieldNames, type FieldValues } from './StudentFields.tsx'

const valuesOf = (student: Student | undefined, campusId: string): FieldValues => ({
  ...(Object.fromEntries(studentFieldNames.map((f) => [f, student?.[f] ?? ''])) as FieldValues),
  campusId: student?.campusId ?? campusId,
})

const changedFields = (values: FieldValues, initial: FieldValues) =>
  studentFieldNames.filter((f) => values[f] !== initial[f])

/**
 * A new student (their fields and where they study: an `Idempotency-Key` made when the dialog
 * opens, so a double click or a retry creates one student), or a student's fields changed
 * (`student` given; their placement changes on the profile). The shared schemas check the
 * form; the server's refusals show on their fields.
 */
export function StudentFormDialog({
  student,
  onClose,
}: {
  student?: Student
  onClose: () => void
}) {
  if (student) return <EditStudentDialog student={student} onClose={onClose} />
  return <NewStudentDialog onClose={onClose} />
}

function NewStudentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const { issues, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const campuses = useSuspenseQuery(campusesQuery('/students')).data.data
  const sessions = useSuspenseQuery(academicSessionsQuery('/students')).data
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [initial] = useState(() => ({
    fields: valuesOf(undefined, campuses.find((c) => c.active)?.id ?? ''),
    placement: emptyPlacement(sessions.find((s) => s.isCurrent)?.id ?? ''),
  }))
  const [fields, setFields] = useState<FieldValues>(initial.fields)
  const [placement, setPlacement] = useState<PlacementValues>(initial.placement)
  const [touched, setTouched] = useState(false)
  const proposedRoll = useProposedRoll(placement)
  const body = { ...fields, enrolment: placementInput(placement, proposedRoll) }
  const unsaved =
    changedFields(fields, initial.fields).length > 0 ||
    (Object.keys(placement) as (keyof PlacementValues)[]).some(
      (k) => placement[k] !== initial.placement[k],
    )

  const create = useCreateStudent(idempotencyKey, {
    onSuccess: ({ studentCode }) => {
      const name = fields.fullName.trim()
      showToast({
        variant: 'success',
        title: t`${name} is enrolled with student ID ${studentCode}.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The student was not added`),
  })
  const local = touched ? issues(StudentCreateSchema, body) : {}
  const errors = { ...fieldErrors(create.error), ...local }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    const parsed = v.safeParse(StudentCreateSchema, body)
    if (parsed.success) create.mutate(parsed.output)
  }

  return (
    <Dialog title={t`New student`} onClose={onClose} unsaved={unsaved} wide>
      <form className="form student-form" noValidate onSubmit={submit}>
        <StudentFields values={fields} onChange={setFields} errors={errors} withCode="optional" />
        <PlacementFields
          values={placement}
          proposedRoll={proposedRoll}
          onChange={setPlacement}
          errors={errors}
        />
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={create.isPending}>
            <Trans>Add student</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}

function EditStudentDialog({ student, onClose }: { student: Student; onClose: () => void }) {
  const { t } = useLingui()
  const { issues, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [initial] = useState(() => valuesOf(student, student.campusId))
  const [fields, setFields] = useState<FieldValues>(initial)
  const [touched, setTouched] = useState(false)
  // Only what changed is sent: the audit log shows the change, and nothing else is rewritten.
  const changed = changedFields(fields, initial)
  const body = Object.fromEntries(changed.map((f) => [f, fields[f]])) as StudentPatch
  const name = student.fullName

  const save = useUpdateStudent(student.id, {
    onSuccess: (saved) => {
      const savedName = saved.fullName
      showToast({ variant: 'success', title: t`${savedName} was saved.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The student was not saved`),
  })
  const local = touched ? issues(StudentPatchSchema, body) : {}
  const errors = { ...fieldErrors(save.error), ...local }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (changed.length === 0) return onClose()
    const parsed = v.safeParse(StudentPatchSchema, body)
    if (parsed.success) save.mutate(parsed.output)
  }

  return (
    <Dialog title={t`Edit ${name}`} onClose={onClose} unsaved={changed.length > 0} wide>
      <form className="form student-form" noValidate onSubmit={submit}>
        <StudentFields values={fields} onChange={setFields} errors={errors} withCode="required" />
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
