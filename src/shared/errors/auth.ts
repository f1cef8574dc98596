import type { MessageDescriptor } from '@lingui/core'

/** Signing in, sessions, recovery and sign-up. */
export const authErrors = {
  // Signing in, sessions, recovery, sign-up
  unauthenticated: /*i18n*/ { id: 'error.unauthenticated', message: 'Unauthenticated.' },
  session_ended: /*i18n*/ { id: 'error.session_ended', message: 'Your session has ended.' },
  invalid_refresh_token: /*i18n*/ {
    id: 'error.invalid_refresh_token',
    message: 'Invalid refresh token',
  },
  session_not_found: /*i18n*/ { id: 'error.session_not_found', message: 'No such session' },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'This action is unauthorized.' },
  institute_header_forbidden: /*i18n*/ {
    id: 'error.institute_header_forbidden',
    message: 'Only a platform administrator may choose the institute to work in.',
  },
  password_change_required: /*i18n*/ {
    id: 'error.password_change_required',
    message: 'Please set a new password first.',
  },
  invalid_credentials: /*i18n*/ {
    id: 'error.invalid_credentials',
    message: 'Email or Password is Invalid',
  },
  account_inactive: /*i18n*/ {
    id: 'error.account_inactive',
    message: 'This account has been deactivated.',
  },
  login_required: /*i18n*/ {
    id: 'error.login_required',
    message: 'Please enter your username or email.',
  },
  password_required: /*i18n*/ {
    id: 'error.password_required',
    message: 'Please enter your password.',
  },
  password_too_long: /*i18n*/ {
    id: 'error.password_too_long',
    message: 'The password is too long.',
  },
  password_too_short: /*i18n*/ {
    id: 'error.password_too_short',
    message: 'The password must be at least {min} characters.',
  },
  password_over_max: /*i18n*/ {
    id: 'error.password_over_max',
    message: 'The password must be at most {max} characters.',
  },
  password_too_common: /*i18n*/ {
    id: 'error.password_too_common',
    message: 'This password is too common. Choose another one.',
  },
  password_confirmation: /*i18n*/ {
    id: 'error.password_confirmation',
    message: 'The password confirmation does not match.',
  },
  current_password_required: /*i18n*/ {
    id: 'error.current_password_required',
    message: 'Please enter your current password.',
  },
  current_password_wrong: /*i18n*/ {
    id: 'error.current_password_wrong',
    message: 'The current password is not correct.',
  },
  password_unchanged: /*i18n*/ {
    id: 'error.password_unchanged',
    message: 'The new password must differ from the current one.',
  },
  temporary_password_reused: /*i18n*/ {
    id: 'error.temporary_password_reused',
    message: 'Choose a password other than the one you were given.',
  },
  password_already_set: /*i18n*/ {
    id: 'error.password_already_set',
    message: 'Your password is already set.',
  },
  email_or_phone_required: /*i18n*/ {
    id: 'error.email_or_phone_required',
    message: 'Please enter your email or mobile number.',
  },
  username_required: /*i18n*/ {
    id: 'error.username_required',
    message: 'Please enter your username.',
  },
  email_required: /*i18n*/ { id: 'error.email_required', message: 'Please enter your email.' },
  name_required: /*i18n*/ { id: 'error.name_required', message: 'Please enter your name.' },
  institute_name_required: /*i18n*/ {
    id: 'error.institute_name_required',
    message: 'Please enter the institute name.',
  },
  otp_shape: /*i18n*/ { id: 'error.otp_shape', message: 'The code is 6 digits.' },
  otp_wrong: /*i18n*/ { id: 'error.otp_wrong', message: 'The code is not correct.' },
  otp_too_many_wrong: /*i18n*/ {
    id: 'error.otp_too_many_wrong',
    message: 'Too many wrong codes. Ask for a new one.',
  },
  otp_expired: /*i18n*/ {
    id: 'error.otp_expired',
    message: 'The code has expired or was already used. Ask for a new one.',
  },
  otp_send_limit: /*i18n*/ {
    id: 'error.otp_send_limit',
    message: 'Too many codes were sent for this account. Try again later.',
  },
  otp_not_verified: /*i18n*/ {
    id: 'error.otp_not_verified',
    message: 'Verify the code we sent you first.',
  },
  username_not_found: /*i18n*/ {
    id: 'error.username_not_found',
    message: 'We could not find an account with that username.',
  },
  contact_not_found: /*i18n*/ {
    id: 'error.contact_not_found',
    message: 'We could not find an account with that email or mobile number.',
  },
  no_email: /*i18n*/ { id: 'error.no_email', message: 'This account has no email address.' },
  no_phone: /*i18n*/ { id: 'error.no_phone', message: 'This account has no mobile number.' },
  email_in_use: /*i18n*/ { id: 'error.email_in_use', message: 'This email is already in use.' },
  username_in_use: /*i18n*/ {
    id: 'error.username_in_use',
    message: 'This username is already in use.',
  },
  signup_disabled: /*i18n*/ { id: 'error.signup_disabled', message: 'Sign-up is turned off.' },
  already_impersonating: /*i18n*/ {
    id: 'error.already_impersonating',
    message: 'You are already acting as another user.',
  },
  impersonate_self: /*i18n*/ {
    id: 'error.impersonate_self',
    message: 'You cannot impersonate yourself.',
  },
  impersonate_admin: /*i18n*/ {
    id: 'error.impersonate_admin',
    message: 'Only a platform administrator may act as another one.',
  },
} satisfies Record<string, MessageDescriptor>
