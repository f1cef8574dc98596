import type { MessageDescriptor } from '@lingui/core'

/**
 * What the server sends people by email or SMS, in the language their browser asked in: the
 * same Lingui catalogs as the screens (plain descriptors, read on the server without a macro).
 */
export const notices = {
  resetCodeSubject: /*i18n*/ {
    id: 'notice.reset_code_subject',
    message: 'Your password reset code',
  },
  resetCodeBody: /*i18n*/ {
    id: 'notice.reset_code_body',
    message:
      'Your password reset code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
  },
  guardianCodeSubject: /*i18n*/ {
    id: 'notice.guardian_code_subject',
    message: 'Your code to see the invoices',
  },
  guardianCodeBody: /*i18n*/ {
    id: 'notice.guardian_code_body',
    message:
      '{institute}: your code to see the student’s invoices is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
  },
  usernameSubject: /*i18n*/ { id: 'notice.username_subject', message: 'Your username' },
  usernameBody: /*i18n*/ { id: 'notice.username_body', message: 'Your username is {username}.' },
  applicationLinkSubject: /*i18n*/ {
    id: 'notice.application_link_subject',
    message: 'Your application to {institute}',
  },
  applicationLinkBody: /*i18n*/ {
    id: 'notice.application_link_body',
    message:
      'Your application to {institute} has the reference {reference}. See it and add its attachments at {link}',
  },
  newInstituteAdminSubject: /*i18n*/ {
    id: 'notice.new_institute_admin_subject',
    message: 'Your account at {institute}',
  },
  newInstituteAdminBody: /*i18n*/ {
    id: 'notice.new_institute_admin_body',
    message:
      'An account was made for you at {institute}. Sign in at {link} as {username} with the temporary password {password}, then choose your own.',
  },
  receiptCopySubject: /*i18n*/ {
    id: 'notice.receipt_copy_subject',
    message: '{institute}: receipt {number}',
  },
  receiptCopyBody: /*i18n*/ {
    id: 'notice.receipt_copy_body',
    message:
      '{institute} received {amount} for {students} on receipt {number}. Still due: {due}. Verification code: {code}.',
  },
  receiptCancelledSubject: /*i18n*/ {
    id: 'notice.receipt_cancelled_subject',
    message: '{institute}: receipt {number} cancelled',
  },
  receiptCancelledBody: /*i18n*/ {
    id: 'notice.receipt_cancelled_body',
    message:
      '{institute} cancelled receipt {number} of {amount} for {students} ({reason}). Due again: {due}.',
  },
} satisfies Record<string, MessageDescriptor>
