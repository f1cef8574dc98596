import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ImportColumn, ImportOutcome } from '../../shared/schemas/student-imports.ts'

/** The columns of an import file, as the preview's headings. */
export const importColumnLabels: Record<ImportColumn, MessageDescriptor> = {
  studentCode: msg`Student ID`,
  fullName: msg`Full name`,
  dateOfBirth: msg`Date of birth`,
  gender: msg`Gender`,
  religion: msg`Religion`,
  bloodGroup: msg`Blood group`,
  fatherName: msg`Father's name`,
  motherName: msg`Mother's name`,
  guardianName: msg`Guardian name`,
  guardianRelation: msg`Guardian relation`,
  guardianPhone: msg`Guardian phone`,
  guardianEmail: msg`Guardian email`,
  address: msg`Address`,
  campus: msg`Campus`,
  session: msg`Session`,
  class: msg`Class`,
  group: msg`Group`,
  section: msg`Section`,
  shift: msg`Shift`,
  roll: msg`Roll`,
}

/** What confirming does with a row. */
export const importOutcomeLabels: Record<ImportOutcome, MessageDescriptor> = {
  new: msg`New`,
  updated: msg`Updated`,
  unchanged: msg`Unchanged`,
  invalid: msg`Has mistakes`,
}
