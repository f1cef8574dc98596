import type { MessageDescriptor } from '@lingui/core'

/** The institute's academic structure: sessions, classes, groups, sections, shifts. */
export const academicErrors = {
  structure_item_missing: /*i18n*/ {
    id: 'error.structure_item_missing',
    message:
      'This {list, select, session {session} class {class} group {group} section {section} shift {shift} other {item}} no longer exists.',
  },
  structure_name_taken: /*i18n*/ {
    id: 'error.structure_name_taken',
    message: 'Another item of this list has this name.',
  },
  sessions_overlap: /*i18n*/ {
    id: 'error.sessions_overlap',
    message: 'These dates overlap the session {name}.',
  },
  structure_in_use: /*i18n*/ {
    id: 'error.structure_in_use',
    message:
      'This cannot be deleted while {what, select, sections {sections} forms {admission forms} groups {groups} students {students} other {other records}} use it ({count}). Deactivate it instead.',
  },
  order_mismatch: /*i18n*/ {
    id: 'error.order_mismatch',
    message: 'The list changed meanwhile: reload it and move the item again.',
  },
  capacity_positive: /*i18n*/ {
    id: 'error.capacity_positive',
    message: 'The capacity is a whole number of at least 1, or empty.',
  },
  unknown_structure_item: /*i18n*/ {
    id: 'error.unknown_structure_item',
    message: 'Choose one of the list.',
  },
} satisfies Record<string, MessageDescriptor>
