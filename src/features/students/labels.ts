import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { genders } from '../../shared/schemas/person.ts'
import type { StudentFields, enrolmentOutcomes } from '../../shared/schemas/students.ts'
import type { StudentStatus } from '../../shared/schemas/student-search.ts'

/** A student's fields as the staff's form and the profile name them. */
export const fieldLabels: Record<keyof StudentFields | 'studentCode', MessageDescriptor> = {
  studentCode: msg`Student ID`,
  fullName: msg`Full name`,
  dateOfBirth: msg`Date of birth`,
  gender: msg`Gender`,
  religion: msg`Religion`,
  bloodGroup: msg`Blood group`,
  fatherName: msg`Father's name`,
  motherName: msg`Mother's name`,
  guardianName: msg`Guardian's name`,
  guardianRelation: msg`Guardian's relation`,
  guardianPhone: msg`Guardian's phone`,
  guardianEmail: msg`Guardian's email`,
  address: msg`Address`,
  campusId: msg`Campus`,
}

export const genderLabels: Record<(typeof genders)[number], MessageDescriptor> = {
  female: msg`Female`,
  male: msg`Male`,
  other: msg`Other`,
}

export const statusLabels: Record<StudentStatus, MessageDescriptor> = {
  active: msg`Active`,
  left: msg`Left`,
  graduated: msg`Graduated`,
}

/** The badge of each status (src/styles): active plain, the others muted. */
export const statusBadges: Record<StudentStatus, string> = {
  active: '',
  left: 'badge-muted',
  graduated: 'badge-muted',
}

export const outcomeLabels: Record<(typeof enrolmentOutcomes)[number], MessageDescriptor> = {
  promoted: msg`Promoted`,
  held_back: msg`Held back`,
  left: msg`Left`,
  graduated: msg`Graduated`,
}
