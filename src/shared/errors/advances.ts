/** Refusals of overrides of students' advances (/advance-override). */
export const advanceErrors = {
  override_reason_required: /*i18n*/ {
    id: 'error.override_reason_required',
    message: 'Give the reason for this override.',
  },
  override_lines_required: /*i18n*/ {
    id: 'error.override_lines_required',
    message: 'Choose at least one line to pay from the advance.',
  },
  unknown_override_kind: /*i18n*/ {
    id: 'error.unknown_override_kind',
    message: 'Choose what to do with the advance.',
  },
  transfer_same_student: /*i18n*/ {
    id: 'error.transfer_same_student',
    message: 'Choose a sibling other than the student whose advance it is.',
  },
  override_over_due: /*i18n*/ {
    id: 'error.override_over_due',
    message: 'The lines chosen owe only {dueMinor}.',
  },
  override_not_undoable: /*i18n*/ {
    id: 'error.override_not_undoable',
    message:
      'Only an application of this student’s advance still in force can be undone; a receipt with money taken is cancelled instead.',
  },
  override_not_found: /*i18n*/ { id: 'error.override_not_found', message: 'Override not found.' },
  override_self_approval: /*i18n*/ {
    id: 'error.override_self_approval',
    message: 'Another user must approve or reject an override you asked for.',
  },
  override_not_pending: /*i18n*/ {
    id: 'error.override_not_pending',
    message: 'This override was already approved or rejected.',
  },
}
