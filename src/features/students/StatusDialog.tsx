import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field, TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { todayIso } from '../../lib/dates.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  StudentStatusChangeSchema,
  type Student,
  type StudentStatusChange,
} from '../../shared/schemas/students.ts'
import type { StudentStatus } from '../../shared/schemas/student-search.ts'
import { useChangeStudentStatus } from './mutations.ts'

/**
 * Marks a student as left (on a day, for a reason), graduated (on a day) or active again.
 */
export function StatusDialog({
  student,
  status,
  onClose,
}: {
  student: Student
  status: StudentStatus
  onClose: () => void
}) {
  const { t } = useLingui()
  const { issues, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [today] = useState(todayIso)
  const [on, setOn] = useState(today)
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const name = student.fullName
  const body: StudentStatusChange =
    status === 'left'
      ? { status, on, reason }
      : status === 'graduated'
        ? { status, on }
        : { status }

  const change = useChangeStudentStatus(student.id, {
    onSuccess: () => {
      showToast({
        variant: 'success',
        title:
          status === 'left'
            ? t`${name} is marked as left.`
            : status === 'graduated'
              ? t`${name} is marked as graduated.`
              : t`${name} is active again.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The status was not changed`),
  })
  const local = touched ? issues(StudentStatusChangeSchema, body) : {}
  const errors = { ...fieldErrors(change.error), ...local }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(issues(StudentStatusChangeSchema, body)).length) return
    change.mutate(body)
  }

  const title =
    status === 'left'
      ? t`Mark ${name} as left`
      : status === 'graduated'
        ? t`Mark ${name} as graduated`
        : t`Make ${name} active again`
  return (
    <Dialog
      title={title}
      onClose={onClose}
      unsaved={status !== 'active' && (on !== today || reason.trim() !== '')}
    >
      <form className="form" noValidate onSubmit={submit}>
        {status === 'active' ? (
          <p>
            <Trans>{name} is listed among the institute’s active students again.</Trans>
          </p>
        ) : (
          <Field
            label={status === 'left' ? t`Left on` : t`Graduated on`}
            type="date"
            value={on}
            onChange={(e) => setOn(e.target.value)}
            error={errors.on}
          />
        )}
        {status === 'left' && (
          <TextAreaField
            label={t`Reason`}
            value={reason}
            rows={3}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
          />
        )}
        {errors.status && <p className="field-error">{errors.status}</p>}
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton
            className={status === 'left' ? 'button button-danger' : 'button button-primary'}
            busy={change.isPending}
          >
            {status === 'left' ? (
              <Trans>Mark as left</Trans>
            ) : status === 'graduated' ? (
              <Trans>Mark as graduated</Trans>
            ) : (
              <Trans>Make active</Trans>
            )}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
