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
  import_file_missing: /*i18n*/ {
    id: 'error.import_file_missing',
    message: 'Choose a CSV or Excel (.xlsx) file to upload.',
  },
  import_file_type: /*i18n*/ {
    id: 'error.import_file_type',
    message:
      'This file is neither CSV nor Excel (.xlsx). Save it from your spreadsheet as CSV or .xlsx and upload it again.',
  },
  import_file_too_large: /*i18n*/ {
    id: 'error.import_file_too_large',
    message: 'The file is larger than {max} MB. Split it into smaller files.',
  },
  import_file_empty: /*i18n*/ { id: 'error.import_file_empty', message: 'The file is empty.' },
  import_file_damaged: /*i18n*/ {
    id: 'error.import_file_damaged',
    message: 'The Excel file could not be read: it may be damaged. Save it again and upload it.',
  },
  import_no_rows: /*i18n*/ {
    id: 'error.import_no_rows',
    message: 'The file has headings but no students below them.',
  },
  import_too_many_rows: /*i18n*/ {
    id: 'error.import_too_many_rows',
    message:
      'The file has more than {max} rows: at most {max} students can be imported at once. Split it into smaller files.',
  },
  import_too_many_columns: /*i18n*/ {
    id: 'error.import_too_many_columns',
    message:
      'The file has values beyond column {max}. Keep only the columns of the template and upload again.',
  },
  import_file_unpacked_too_large: /*i18n*/ {
    id: 'error.import_file_unpacked_too_large',
    message:
      'Unpacked, this Excel file holds more than {max} MB. Split it into smaller files, or save it as CSV and upload that.',
  },
  import_formula_cells: /*i18n*/ {
    id: 'error.import_formula_cells',
    message:
      'Cell {cell} holds a formula. Formulas are not imported: replace them with their values (copy, then paste as values) and upload again.',
  },
  import_merged_header: /*i18n*/ {
    id: 'error.import_merged_header',
    message:
      'The headings include merged cells ({cells}). Unmerge them so that each column has a heading of its own.',
  },
  import_unknown_columns: /*i18n*/ {
    id: 'error.import_unknown_columns',
    message: 'Unknown columns: {columns}. Use the headings of the template.',
  },
  import_missing_columns: /*i18n*/ {
    id: 'error.import_missing_columns',
    message: 'Missing columns: {columns}. Use the headings of the template.',
  },
  import_duplicate_column: /*i18n*/ {
    id: 'error.import_duplicate_column',
    message: 'The column {column} appears more than once.',
  },
  import_duplicate_student_code: /*i18n*/ {
    id: 'error.import_duplicate_student_code',
    message: 'Row {line} has the same student ID.',
  },
  import_duplicate_roll: /*i18n*/ {
    id: 'error.import_duplicate_roll',
    message: 'Row {line} has the same roll in this class and section.',
  },
  import_duplicate_student: /*i18n*/ {
    id: 'error.import_duplicate_student',
    message: 'Row {line} has the same student (name, date of birth and guardian phone).',
  },
  import_ambiguous_student: /*i18n*/ {
    id: 'error.import_ambiguous_student',
    message:
      'Several students have this name, date of birth and guardian phone: give the student ID.',
  },
  import_unknown_session: /*i18n*/ {
    id: 'error.import_unknown_session',
    message: 'No session is named “{name}”.',
  },
  import_no_current_session: /*i18n*/ {
    id: 'error.import_no_current_session',
    message: 'No session is given and none is marked current.',
  },
  import_unknown_class: /*i18n*/ {
    id: 'error.import_unknown_class',
    message: 'No class is named “{name}”.',
  },
  import_unknown_section: /*i18n*/ {
    id: 'error.import_unknown_section',
    message: 'The class has no section “{name}” in this session.',
  },
  import_unknown_group: /*i18n*/ {
    id: 'error.import_unknown_group',
    message: 'No group is named “{name}”.',
  },
  import_unknown_shift: /*i18n*/ {
    id: 'error.import_unknown_shift',
    message: 'No shift is named “{name}”.',
  },
  import_unknown_campus: /*i18n*/ {
    id: 'error.import_unknown_campus',
    message: 'No campus has the code or name “{name}”.',
  },
  import_unknown_choice: /*i18n*/ {
    id: 'error.import_unknown_choice',
    message: 'Use one of: {choices}.',
  },
  import_formula_text: /*i18n*/ {
    id: 'error.import_formula_text',
    message:
      'Starts with =, +, -, @ or a tab, so a spreadsheet would run it as a formula. Remove that first character.',
  },
  import_cell_too_long: /*i18n*/ {
    id: 'error.import_cell_too_long',
    message: 'At most {max} characters: this cell has {length}.',
  },
  import_not_found: /*i18n*/ {
    id: 'error.import_not_found',
    message: 'This upload does not exist (any more). Upload the file again.',
  },
  import_has_errors: /*i18n*/ {
    id: 'error.import_has_errors',
    message:
      '{count, plural, one {# row has} other {# rows have}} mistakes. Correct them in the file and upload it again.',
  },
  import_conflict: /*i18n*/ {
    id: 'error.import_conflict',
    message:
      'Rows {from} to {to} could not be saved: a student ID or roll among them was taken meanwhile. Upload the file again to see what changed.',
  },
} satisfies Record<string, MessageDescriptor>
