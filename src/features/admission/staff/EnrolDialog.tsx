import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../../components/Dialog.tsx'
import { Field, SelectField } from '../../../components/form/Field.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { campusesQuery, shiftsQuery } from '../../../lib/academic-structure.ts'
import { httpStatus } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toasts.ts'
import type { Applicant } from '../../../shared/schemas/admission-applicants.ts'
import { EnrolApplicantSchema, type EnrolApplicantInput } from '../../../shared/schemas/students.ts'
import { useAdmissionErrors } from './errors.ts'
import { useEnrolApplicant } from './mutations.ts'
import { enrolmentProposalQuery } from './queries.ts'

/**
 * Enrols an accepted applicant as a student in the form's session and class: the section (when
 * the class has sections in the session) and the roll, proposed as the section's next free one
 * and editable; the campus and shift when the institute has a choice of them.
 */
export function EnrolDialog({ applicant, onClose }: { applicant: Applicant; onClose: () => void }) {
  const { t } = useLingui()
  const errorsOf = useAdmissionErrors()
  const name = applicant.applicantName
  const proposal = useQuery(enrolmentProposalQuery(applicant.id)).data
  const campuses = (useQuery(campusesQuery()).data?.data ?? []).filter((c) => c.active)
  const shifts = (useQuery(shiftsQuery()).data ?? []).filter((s) => s.active)
  const [sectionId, setSectionId] = useState('')
  /** The roll as typed; null while the proposed one stands. */
  const [roll, setRoll] = useState<string | null>(null)
  const [campusId, setCampusId] = useState('')
  const [shiftId, setShiftId] = useState('')
  const [touched, setTouched] = useState(false)

  const sections = proposal?.sections ?? []
  const section = sections.find((s) => s.id === sectionId)
  const proposedRoll = sections.length ? section?.nextRoll : proposal?.nextRoll
  const rollText = roll ?? (proposedRoll === undefined ? '' : String(proposedRoll))
  const input: EnrolApplicantInput = {
    sectionId: sectionId || null,
    roll: rollText.trim() === '' ? null : Number(rollText),
    shiftId: shiftId || null,
    campusId: campusId || campuses[0]?.id || null,
  }

  const enrol = useEnrolApplicant(applicant.id, {
    onSuccess: (saved) => {
      const code = saved.studentCode ?? ''
      showToast({ variant: 'success', title: t`${name} is enrolled with student ID ${code}.` })
      onClose()
    },
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`${name} could not be enrolled`),
    // A 409 without a field: the application changed meanwhile; it has been read again.
    onSettled: (_, err) => {
      if (httpStatus(err) === 409 && !Object.keys(errorsOf.fieldErrors(err)).length) onClose()
    },
  })

  const local: Record<string, string> = touched ? errorsOf.issues(EnrolApplicantSchema, input) : {}
  if (touched && sections.length && !sectionId) {
    local.sectionId = t`Choose the section.`
  }
  if (touched && rollText.trim() !== '' && !/^\d+$/.test(rollText.trim())) {
    local.roll = t`The roll is a whole number of at least 1.`
  }
  const errors = { ...local, ...errorsOf.fieldErrors(enrol.error) }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (sections.length && !sectionId) return
    if (rollText.trim() !== '' && !/^\d+$/.test(rollText.trim())) return
    if (Object.keys(errorsOf.issues(EnrolApplicantSchema, input)).length) return
    enrol.mutate(input)
  }

  const sessionName = applicant.academicSession
  const className = [applicant.className, applicant.groupName].filter(Boolean).join(' · ')
  const sectionLabel = ({ name: section, taken, capacity }: (typeof sections)[number]) =>
    capacity === null ? section : t`${section} (${taken} of ${capacity} taken)`

  return (
    <Dialog title={t`Enrol ${name}`} onClose={onClose}>
      <form className="form admission-staff" noValidate onSubmit={submit}>
        <p>
          <Trans>
            {name} becomes a student of the institute in {className}, session {sessionName}, and
            gets a student ID at once.
          </Trans>
        </p>
        {sections.length > 0 && (
          <SelectField
            label={t`Section`}
            value={sectionId}
            onChange={(e) => {
              setSectionId(e.target.value)
              setRoll(null)
            }}
            error={errors.sectionId}
          >
            <option value="">{t`Choose a section`}</option>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {sectionLabel(s)}
              </option>
            ))}
          </SelectField>
        )}
        <Field
          label={t`Roll`}
          inputMode="numeric"
          value={rollText}
          disabled={!proposal}
          onChange={(e) => setRoll(e.target.value)}
          hint={
            proposedRoll === undefined
              ? t`Choose the section to see the next free roll.`
              : t`The next free roll is ${proposedRoll}.`
          }
          error={errors.roll}
        />
        {campuses.length > 1 && (
          <SelectField
            label={t`Campus`}
            value={campusId || campuses[0]!.id}
            onChange={(e) => setCampusId(e.target.value)}
            error={errors.campusId}
          >
            {campuses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
        {shifts.length > 0 && (
          <SelectField
            label={t`Shift (optional)`}
            value={shiftId}
            onChange={(e) => setShiftId(e.target.value)}
            error={errors.shiftId}
          >
            <option value="">{t`No shift`}</option>
            {shifts.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
        )}
        <p className="muted">
          <Trans>The application is then closed: it can no longer be rejected.</Trans>
        </p>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={enrol.isPending}>
            <Trans>Enrol</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
