import type { MessageDescriptor } from '@lingui/core'

/** Students and their enrolments. */
export const studentErrors = {
  student_not_found: /*i18n*/ { id: 'error.student_not_found', message: 'No such student' },
  enrolment_not_found: /*i18n*/ {
    id: 'error.enrolment_not_found',
    message: 'No such enrolment',
  },
  student_name_required: /*i18n*/ {
    id: 'error.student_name_required',
    message: "Enter the student's full name.",
  },
  guardian_phone_required: /*i18n*/ {
    id: 'error.guardian_phone_required',
    message: "Enter the guardian's phone number.",
  },
  student_code_shape: /*i18n*/ {
    id: 'error.student_code_shape',
    message: 'A student ID is 3 to 20 letters, digits or dashes.',
  },
  student_code_taken: /*i18n*/ {
    id: 'error.student_code_taken',
    message: 'Another student has this student ID.',
  },
  roll_taken: /*i18n*/ {
    id: 'error.roll_taken',
    message: 'Roll {roll} is already taken in this class and section.',
  },
  roll_positive: /*i18n*/ {
    id: 'error.roll_positive',
    message: 'The roll is a whole number of at least 1.',
  },
  already_enrolled: /*i18n*/ {
    id: 'error.already_enrolled',
    message: 'The student is already enrolled in this session.',
  },
  student_not_active: /*i18n*/ {
    id: 'error.student_not_active',
    message: 'The student has {status, select, left {left} graduated {graduated} other {changed}}.',
  },
  status_reason_required: /*i18n*/ {
    id: 'error.status_reason_required',
    message: 'Say why the student left.',
  },
  group_not_offered: /*i18n*/ {
    id: 'error.group_not_offered',
    message: 'This group is not offered to the chosen class.',
  },
  section_not_of_class: /*i18n*/ {
    id: 'error.section_not_of_class',
    message: 'This section belongs to another class or session.',
  },
  section_required: /*i18n*/ {
    id: 'error.section_required',
    message: 'Choose the section.',
  },
  section_full: /*i18n*/ {
    id: 'error.section_full',
    message: 'The section is full ({capacity} students).',
  },
  promotion_no_class: /*i18n*/ {
    id: 'error.promotion_no_class',
    message: 'Choose at least one class to promote.',
  },
  promotion_same_session: /*i18n*/ {
    id: 'error.promotion_same_session',
    message: 'Promote into another session than the one students are in.',
  },
  promotion_session_order: /*i18n*/ {
    id: 'error.promotion_session_order',
    message: 'The next session must start after the session {name}.',
  },
  promotion_student_unknown: /*i18n*/ {
    id: 'error.promotion_student_unknown',
    message: 'This student is not enrolled in a class being promoted.',
  },
  promotion_section_full: /*i18n*/ {
    id: 'error.promotion_section_full',
    message:
      'Section {section} of {className} would have {count} students, more than its capacity of {capacity}.',
  },
  promotion_listed_twice: /*i18n*/ {
    id: 'error.promotion_listed_twice',
    message: 'This is listed twice.',
  },
} satisfies Record<string, MessageDescriptor>
