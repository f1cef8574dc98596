import type { MessageDescriptor } from '@lingui/core'

/** Users, roles and permissions. */
export const accessErrors = {
  // Users, roles and permissions
  user_not_found: /*i18n*/ { id: 'error.user_not_found', message: 'No such user' },
  role_not_found: /*i18n*/ { id: 'error.role_not_found', message: 'No such role' },
  institute_unknown: /*i18n*/ { id: 'error.institute_unknown', message: 'No such institute' },
  new_username_required: /*i18n*/ {
    id: 'error.new_username_required',
    message: 'Please enter a username.',
  },
  username_shape: /*i18n*/ {
    id: 'error.username_shape',
    message: 'Use 3–50 letters, digits, dots, dashes or underscores.',
  },
  full_name_required: /*i18n*/ {
    id: 'error.full_name_required',
    message: 'Please enter the full name.',
  },
  roles_required: /*i18n*/ {
    id: 'error.roles_required',
    message: 'Give the user at least one role.',
  },
  username_taken: /*i18n*/ { id: 'error.username_taken', message: 'This username is taken.' },
  email_taken: /*i18n*/ {
    id: 'error.email_taken',
    message: 'Another account uses this email address.',
  },
  unknown_role: /*i18n*/ { id: 'error.unknown_role', message: 'Unknown role.' },
  unknown_permission: /*i18n*/ { id: 'error.unknown_permission', message: 'Unknown permission.' },
  unknown_area: /*i18n*/ { id: 'error.unknown_area', message: 'Unknown area.' },
  role_name_required: /*i18n*/ {
    id: 'error.role_name_required',
    message: 'Please enter the role name.',
  },
  home_route_required: /*i18n*/ {
    id: 'error.home_route_required',
    message: 'Choose where users of this role land.',
  },
  role_name_taken: /*i18n*/ { id: 'error.role_name_taken', message: 'Another role has this name.' },
  home_route_forbidden: /*i18n*/ {
    id: 'error.home_route_forbidden',
    message: 'Users of this role could not open this page: choose one its permissions allow.',
  },
  grant_exceeds_own: /*i18n*/ {
    id: 'error.grant_exceeds_own',
    message: 'You cannot grant rights you do not have yourself.',
  },
  self_roles: /*i18n*/ { id: 'error.self_roles', message: 'You cannot change your own roles.' },
  self_status: /*i18n*/ {
    id: 'error.self_status',
    message: 'You cannot deactivate or reactivate yourself.',
  },
  self_password: /*i18n*/ {
    id: 'error.self_password',
    message: 'Change your own password from your profile.',
  },
  role_locked: /*i18n*/ { id: 'error.role_locked', message: 'The admin role cannot be changed.' },
  role_locked_delete: /*i18n*/ {
    id: 'error.role_locked_delete',
    message: 'The admin role cannot be deleted.',
  },
  role_in_use: /*i18n*/ {
    id: 'error.role_in_use',
    message: 'This role is still given to users: take it from them first.',
  },
  target_exceeds_own: /*i18n*/ {
    id: 'error.target_exceeds_own',
    message: 'This user holds rights you do not have: ask someone who has them.',
  },
  campus_scope_exceeds_own: /*i18n*/ {
    id: 'error.campus_scope_exceeds_own',
    message: 'You may only limit users to campuses of your own.',
  },
  campus_out_of_scope: /*i18n*/ {
    id: 'error.campus_out_of_scope',
    message: 'Your access does not include this campus.',
  },
  role_exceeds_own: /*i18n*/ {
    id: 'error.role_exceeds_own',
    message: 'This role holds rights you do not have: ask someone who has them.',
  },
} satisfies Record<string, MessageDescriptor>
