import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QuestionKind, StandardField } from '../../shared/schemas/admission-forms.ts'
import type { ApplicantStatus } from '../../shared/schemas/admission-lists.ts'

/** The standard fields of every admission form, as applicants and staff read them. */
export const fieldLabels: Record<StandardField, MessageDescriptor> = {
  applicantName: msg`Applicant's full name`,
  dateOfBirth: msg`Date of birth`,
  gender: msg`Gender`,
  fatherName: msg`Father's name`,
  motherName: msg`Mother's name`,
  guardianName: msg`Guardian's name`,
  phone: msg`Phone number`,
  email: msg`Email`,
  address: msg`Address`,
  previousSchool: msg`Previous school`,
}

export const genderLabels: Record<'female' | 'male' | 'other', MessageDescriptor> = {
  female: msg`Female`,
  male: msg`Male`,
  other: msg`Other`,
}

export const statusLabels: Record<ApplicantStatus, MessageDescriptor> = {
  submitted: msg`Submitted`,
  fee_due: msg`Fee due`,
  fee_paid: msg`Fee paid`,
  under_review: msg`Under review`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
  enrolled: msg`Enrolled`,
}

export const questionKindLabels: Record<QuestionKind, MessageDescriptor> = {
  text: msg`Text`,
  number: msg`Number`,
  date: msg`Date`,
  choice: msg`Choice`,
}
