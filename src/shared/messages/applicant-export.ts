import type { MessageDescriptor } from '@lingui/core'
import type { StandardField } from '../schemas/admission-forms.ts'
import type { ApplicantStatus } from '../schemas/admission-lists.ts'

/**
 * The words of the applicants' CSV, which the server writes in the language of the staff member
 * who asked for it: the same Lingui catalogs as the screens (plain descriptors with ids, read on
 * the server without a macro).
 */
export const exportColumns = {
  trackingId: /*i18n*/ { id: 'export.column.tracking_id', message: 'Tracking ID' },
  form: /*i18n*/ { id: 'export.column.form', message: 'Form' },
  status: /*i18n*/ { id: 'export.column.status', message: 'Status' },
  submitted: /*i18n*/ { id: 'export.column.submitted', message: 'Submitted' },
  fee: /*i18n*/ { id: 'export.column.fee', message: 'Application fee ({currency})' },
  decisionNote: /*i18n*/ { id: 'export.column.decision_note', message: 'Decision note' },
  decided: /*i18n*/ { id: 'export.column.decided', message: 'Decided on' },
  studentId: /*i18n*/ { id: 'export.column.student_id', message: 'Student ID' },
} satisfies Record<string, MessageDescriptor>

export const exportFieldColumns: Record<StandardField, MessageDescriptor> = {
  applicantName: /*i18n*/ { id: 'export.field.applicant_name', message: 'Applicant’s full name' },
  dateOfBirth: /*i18n*/ { id: 'export.field.date_of_birth', message: 'Date of birth' },
  gender: /*i18n*/ { id: 'export.field.gender', message: 'Gender' },
  fatherName: /*i18n*/ { id: 'export.field.father_name', message: 'Father’s name' },
  motherName: /*i18n*/ { id: 'export.field.mother_name', message: 'Mother’s name' },
  guardianName: /*i18n*/ { id: 'export.field.guardian_name', message: 'Guardian’s name' },
  phone: /*i18n*/ { id: 'export.field.phone', message: 'Phone number' },
  email: /*i18n*/ { id: 'export.field.email', message: 'Email' },
  address: /*i18n*/ { id: 'export.field.address', message: 'Address' },
  previousSchool: /*i18n*/ { id: 'export.field.previous_school', message: 'Previous school' },
}

export const exportStatuses: Record<ApplicantStatus, MessageDescriptor> = {
  submitted: /*i18n*/ { id: 'export.status.submitted', message: 'Submitted' },
  fee_due: /*i18n*/ { id: 'export.status.fee_due', message: 'Fee due' },
  fee_paid: /*i18n*/ { id: 'export.status.fee_paid', message: 'Fee paid' },
  under_review: /*i18n*/ { id: 'export.status.under_review', message: 'Under review' },
  accepted: /*i18n*/ { id: 'export.status.accepted', message: 'Accepted' },
  rejected: /*i18n*/ { id: 'export.status.rejected', message: 'Rejected' },
  enrolled: /*i18n*/ { id: 'export.status.enrolled', message: 'Enrolled' },
}

export const exportGenders: Record<string, MessageDescriptor> = {
  female: /*i18n*/ { id: 'export.gender.female', message: 'Female' },
  male: /*i18n*/ { id: 'export.gender.male', message: 'Male' },
  other: /*i18n*/ { id: 'export.gender.other', message: 'Other' },
}
